import { createFileRoute } from '@tanstack/react-router';

export const Route = createFileRoute('/panel/_authed/timeline-management')({
  component: Timeline,
});

/** The timeline screen is a placeholder: only the heading "Timeline". */
function Timeline() {
  return (
    <section className="panel-screen">
      <h1>Timeline</h1>
    </section>
  );
}
