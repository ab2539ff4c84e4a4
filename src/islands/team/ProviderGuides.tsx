/**
 * Step-by-step texts for the identity providers firms use most, one folded list each, under a
 * heading: the Single sign-on section's (SsoGuides.tsx) and the Provisioning section's.
 */
export interface ProviderGuide {
  name: string;
  steps: string[];
}

export function ProviderGuides({ title, guides }: { title: string; guides: ProviderGuide[] }) {
  return (
    <>
      <h3>{title}</h3>
      {guides.map((guide) => (
        <details key={guide.name}>
          <summary>{guide.name}</summary>
          <ol>
            {guide.steps.map((text) => (
              <li key={text}>{text}</li>
            ))}
          </ol>
        </details>
      ))}
    </>
  );
}
