// The glossary's public face: the "?" next to a word, and the words themselves.
export { HelpTip } from './HelpTip';
export { glossary, glossaryTermIds, type GlossaryTerm, type GlossaryTermId } from './terms';
