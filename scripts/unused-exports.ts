/**
 * Lists the exports of src/ and server/ that no other file imports, by the TypeScript compiler's own symbol
 * resolution (re-exports and `import type` included): "unused" when its own file never names it either,
 * "local" when only its own file uses it (the export can go). Run: `npx tsx scripts/unused-exports.ts`.
 */
import path from 'node:path';
import ts from 'typescript';

const root = path.join(__dirname, '..');
const config = ts.getParsedCommandLineOfConfigFile(path.join(root, 'tsconfig.json'), {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => undefined });
if (!config) throw new Error('tsconfig.json unreadable');
const program = ts.createProgram(config.fileNames, config.options);
const checker = program.getTypeChecker();
const ours = program.getSourceFiles().filter((file) => !file.isDeclarationFile && !file.fileName.includes('node_modules'));

const original = (symbol: ts.Symbol) => (symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol);

// Every symbol some file reaches through an import or a re-export.
const imported = new Set<ts.Symbol>();
for (const file of ours) {
  const visit = (node: ts.Node) => {
    if (ts.isImportSpecifier(node) || ts.isImportClause(node) || ts.isNamespaceImport(node) || ts.isExportSpecifier(node)) {
      const name = ts.isImportClause(node) ? node.name : node.name;
      const symbol = name && checker.getSymbolAtLocation(name);
      if (symbol) imported.add(original(symbol));
      if (ts.isNamespaceImport(node) || (ts.isExportDeclaration(node.parent?.parent) && !node.parent.parent.exportClause)) {
        // `import * as x`: count every export of the module as used.
        const module = symbol && original(symbol);
        if (module) for (const member of checker.getExportsOfModule(module)) imported.add(original(member));
      }
    }
    if (ts.isExportDeclaration(node) && !node.exportClause && node.moduleSpecifier) {
      const module = checker.getSymbolAtLocation(node.moduleSpecifier);
      if (module) for (const member of checker.getExportsOfModule(module)) imported.add(original(member));
    }
    if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword && ts.isStringLiteral(node.arguments[0])) {
      // `import('./x')` (a lazy chunk): every export of the module counts as used.
      const resolved = ts.resolveModuleName(node.arguments[0].text, file.fileName, config.options, ts.sys).resolvedModule;
      const target = resolved && program.getSourceFile(resolved.resolvedFileName);
      const module = target && checker.getSymbolAtLocation(target);
      if (module) for (const member of checker.getExportsOfModule(module)) imported.add(original(member));
    }
    if (ts.isImportTypeNode(node) && node.qualifier) {
      const symbol = checker.getSymbolAtLocation(node.qualifier);
      if (symbol) imported.add(original(symbol));
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
}

const entry = (file: string) => /(^|\/)(index\.tsx|main\.ts|cli\.ts|jest\.config\.ts|playwright\.config\.ts|webpack)/.test(file) || /^(test|scripts)\//.test(file) || /migrations\/\d{4}_/.test(file);
for (const file of ours) {
  const relative = path.relative(root, file.fileName);
  if (entry(relative)) continue;
  const module = checker.getSymbolAtLocation(file);
  if (!module) continue;
  for (const symbol of checker.getExportsOfModule(module)) {
    if (imported.has(original(symbol)) || symbol.name === 'default') continue;
    const uses = [...file.text.matchAll(new RegExp(`\\b${symbol.name.replace(/\$/g, '\\$')}\\b`, 'g'))].length;
    console.log(`${uses > 1 ? 'local ' : 'unused'} ${relative} ${symbol.name}`);
  }
}
