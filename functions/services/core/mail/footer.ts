/**
 * The foot of every e-mail, in both its parts: who sends it and where they can be written to, the
 * company's name and postal address (src/config/site.ts), as commercial e-mail must carry.
 */
import { site } from '../../../../src/site.config';

const { company } = site;

/** "Sheetwright is a product of Halden Engineering LLC, 1500 Harbour Island Blvd, …". */
export const companyLine =
  `${site.product} is a product of ${company.name}, ${company.street}, ` +
  `${company.city}, ${company.region} ${company.postalCode}, ${company.country}.`;
