import type { AllocationClass } from '../../../src/shared/schemas/budgets';

// Words of group names, in the languages of the exports seen; the person changes the class per group in the preview.
const SAVINGS = /sav|ahorr|invest|inversi|goal|meta|emergenc|rainy|fund|fondo|retire|pensi|spar|[ée]pargne|vacation|vacaci/i;
const NEEDS =
  /bill|immediate|obligat|essential|need|mandatory|fixed|monthly|hogar|home|housing|house|rent|mortgage|utilit|servic|debt|loan|credit card|insurance|seguro|health|salud|medic|transport|food|grocer|aliment|child|kid|educa|tax|impuest|emplead|everyday|true expense|necesidad|wohn|miet|versich|lebensmittel|logement|loyer|vivienda|alquiler|comida|servicios/i;

/** The class a category group's lines take unless the person chooses another: its name says savings or needs, else a want. */
export function defaultClassOf(group: string): AllocationClass {
  if (SAVINGS.test(group)) return 'savings';
  if (NEEDS.test(group)) return 'need';
  return 'want';
}
