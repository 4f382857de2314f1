import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { toast } from '../../components/toasts';
import { errorMessage } from '../../lib/api-error';
import { readEnvelope } from '../../lib/envelope';
import { portalApi } from '../../lib/portal-api';
import { portalKeys, type Question } from './portal-queries';

/** The owner's follow-up questions: a few lines staff tick per lead ("Site visit", "Send brochure"). */
export function FollowUpQuestions({ questions }: { questions: Question[] }) {
  const queryClient = useQueryClient();
  const [rows, setRows] = useState(questions.map((q) => ({ id: q.id as string | undefined, label: q.label })));
  useEffect(() => setRows(questions.map((q) => ({ id: q.id as string | undefined, label: q.label }))), [questions]);
  const save = useMutation({
    mutationFn: () => readEnvelope(portalApi.questions.$put({ json: { questions: rows.filter((r) => r.label.trim()) } })),
    onSuccess: (answer) => {
      toast.success(answer.message);
      void queryClient.invalidateQueries({ queryKey: [...portalKeys.all, 'leads'] });
    },
    onError: (error) => toast.error(errorMessage(error, 'The questions could not be saved')),
  });
  return (
    <section className="portal-card" aria-labelledby="follow-title">
      <h2 id="follow-title">Follow-up questions</h2>
      <form
        className="portal-form"
        onSubmit={(e) => {
          e.preventDefault();
          save.mutate();
        }}
      >
        {rows.map((row, i) => (
          <input
            // biome-ignore lint/suspicious/noArrayIndexKey: rows have no id until saved
            key={i}
            className="input"
            aria-label={`Question ${i + 1}`}
            value={row.label}
            maxLength={120}
            onChange={(e) => setRows(rows.map((r, j) => (j === i ? { ...r, label: e.target.value } : r)))}
          />
        ))}
        <div className="leads-export">
          {rows.length < 10 ? (
            <button type="button" className="button" onClick={() => setRows([...rows, { id: undefined, label: '' }])}>
              Add a question
            </button>
          ) : null}
          <button type="submit" className="button button--primary" disabled={save.isPending}>
            Save questions
          </button>
        </div>
      </form>
    </section>
  );
}
