/**
 * Components every content page can use in its MDX without importing them
 * (passed to `<Content components={...} />` by the page route).
 */
import Callout from './Callout.astro';
import ChangelogList from './ChangelogList.astro';
import ComparisonTable from './ComparisonTable.astro';
import ContactForm from './ContactForm.astro';
import FaqList from './FaqList.astro';
import FeatureVideos from './FeatureVideos.astro';
import OverviewCards from './OverviewCards.astro';
import PlanCards from './PlanCards.astro';
import PoweredBy from './PoweredBy.astro';

export const mdxComponents = {
  Callout,
  ChangelogList,
  ComparisonTable,
  ContactForm,
  FaqList,
  FeatureVideos,
  OverviewCards,
  PlanCards,
  PoweredBy,
};
