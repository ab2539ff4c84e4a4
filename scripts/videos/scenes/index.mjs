/** The seven /features videos in card order; `poster` is the second shown as the still frame. */
import * as generalNotes from './general-notes.mjs';
import * as sheetNotes from './sheet-notes.mjs';
import * as msOfficeLink from './ms-office-link.mjs';
import * as renumberViews from './renumber-views.mjs';
import * as draftingExport from './drafting-export.mjs';
import * as scheduleLink from './schedule-link.mjs';
import * as wipeModel from './wipe-model.mjs';

export const scenes = [
  { name: 'general-notes', poster: 6.0, ...generalNotes },
  { name: 'sheet-notes', poster: 6.2, ...sheetNotes },
  { name: 'ms-office-link', poster: 5.6, ...msOfficeLink },
  { name: 'renumber-views', poster: 6.2, ...renumberViews },
  { name: 'drafting-export', poster: 6.2, ...draftingExport },
  { name: 'schedule-link', poster: 5.6, ...scheduleLink },
  { name: 'wipe-model', poster: 6.4, ...wipeModel },
];
