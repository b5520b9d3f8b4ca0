import { useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import { Markdown } from '../../ui/Markdown';
import { clozeSegments, type ClozeGapView } from '../../schemas/cloze';
import { CLOZE_GAP_MAX } from '../../schemas/answers';
import type { AnswerResponse, ExamQuestion } from '../api/types';
import { partOf, setPart } from './responses';

interface Props {
  question: ExamQuestion;
  response: AnswerResponse;
  onChange: (response: AnswerResponse) => void;
  disabled: boolean;
  labelledBy: string;
}

const selectSx = { font: 'inherit', padding: '6px 8px', borderRadius: 4, border: '1px solid #757575', maxWidth: '100%', background: 'white' } as const;

/**
 * Matching: each item with a native select of all the answers (shuffled on the paper), so it works
 * with the keyboard and screen readers as any select does. Choosing "Choose..." clears that item.
 */
export function MatchingAnswer({ question, response, onChange, disabled, labelledBy }: Props) {
  return (
    <Box role="group" aria-labelledby={labelledBy} component="table" sx={{ borderCollapse: 'collapse', '& td': { py: 0.75, pr: 2, verticalAlign: 'middle' } }}>
      <tbody>
        {(question.stems ?? []).map((stem) => {
          const id = `match-${question.id}-${stem.id}`;
          return (
            <tr key={stem.id}>
              <td>
                <label htmlFor={id}>
                  <Markdown inline>{stem.text}</Markdown>
                </label>
              </td>
              <td>
                <select id={id} style={selectSx} value={partOf(response, stem.id)} disabled={disabled} onChange={(e) => onChange(setPart(response, stem.id, e.target.value))}>
                  <option value="">Choose...</option>
                  {(question.choices ?? []).map((c) => (
                    <option key={c.id} value={c.id}>
                      {c.text}
                    </option>
                  ))}
                </select>
              </td>
            </tr>
          );
        })}
      </tbody>
    </Box>
  );
}

/** A text gap keeps what the student types; it follows the saved answer when that changes from elsewhere. */
function TextGap({ gap, value, onChange, disabled, id }: { gap: ClozeGapView; value: string; onChange: (v: string) => void; disabled: boolean; id: string }) {
  const [text, setText] = useState(value);
  useEffect(() => setText((current) => (current.trim() === value.trim() ? current : value)), [value]);
  return (
    <input
      id={id}
      aria-label={`Gap ${gap.n}${gap.kind === 'numeric' ? ' (a number)' : ''}`}
      type="text"
      inputMode={gap.kind === 'numeric' ? 'decimal' : undefined}
      autoComplete="off"
      spellCheck={false}
      maxLength={CLOZE_GAP_MAX}
      size={gap.size ?? 10}
      value={text}
      disabled={disabled}
      style={{ ...selectSx, margin: '0 2px' }}
      onChange={(e) => {
        setText(e.target.value);
        onChange(e.target.value);
      }}
    />
  );
}

/**
 * Cloze: the text with its gaps in place: a box to type in for short and numeric gaps, a select
 * for a drop-down choice gap, radio buttons for a vertical or horizontal one, and checkboxes for a
 * multiple-response gap (as Moodle lays them out).
 */
export function ClozeAnswer({ question, response, onChange, disabled, labelledBy }: Props) {
  const gaps = new Map((question.gaps ?? []).map((g) => [g.n, g]));
  const setGap = (n: number, value: string) => onChange(setPart(response, String(n), value));
  return (
    <Box role="group" aria-labelledby={labelledBy} sx={{ lineHeight: 2.4, fontSize: '1.05rem', '& p': { display: 'inline' } }}>
      {clozeSegments(question.question).map((part, i) => {
        if (typeof part === 'string') return part ? <Markdown key={i} inline>{part}</Markdown> : null;
        const gap = gaps.get(part);
        if (!gap) return null;
        const id = `gap-${question.id}-${gap.n}`;
        const value = partOf(response, String(gap.n));
        if (gap.kind === 'multiresponse') {
          // The chosen option ids in the order shown, so the same choice always saves the same text.
          const chosen = new Set(value.split(',').filter(Boolean));
          const toggle = (id: string, on: boolean) => {
            const next = new Set(chosen);
            if (on) next.add(id);
            else next.delete(id);
            setGap(gap.n, (gap.options ?? []).filter((o) => next.has(o.id)).map((o) => o.id).join(','));
          };
          return (
            <FormGroup
              key={i}
              role="group"
              aria-label={`Gap ${gap.n} (choose all that apply)`}
              row={gap.layout === 'horizontal'}
              sx={{ display: gap.layout === 'horizontal' ? 'inline-flex' : 'flex', verticalAlign: 'middle', mx: 0.5 }}
            >
              {(gap.options ?? []).map((o) => (
                <FormControlLabel
                  key={o.id}
                  control={<Checkbox size="small" checked={chosen.has(o.id)} onChange={(_, on) => toggle(o.id, on)} />}
                  label={<Markdown inline>{o.text}</Markdown>}
                  disabled={disabled}
                />
              ))}
            </FormGroup>
          );
        }
        if (gap.kind !== 'choice') return <TextGap key={i} id={id} gap={gap} value={value} disabled={disabled} onChange={(v) => setGap(gap.n, v)} />;
        if (gap.layout === 'dropdown') {
          return (
            <select key={i} id={id} aria-label={`Gap ${gap.n}`} style={{ ...selectSx, margin: '0 2px' }} value={value} disabled={disabled} onChange={(e) => setGap(gap.n, e.target.value)}>
              <option value="">Choose...</option>
              {(gap.options ?? []).map((o) => (
                <option key={o.id} value={o.id}>
                  {o.text}
                </option>
              ))}
            </select>
          );
        }
        return (
          <RadioGroup
            key={i}
            aria-label={`Gap ${gap.n}`}
            row={gap.layout === 'horizontal'}
            name={id}
            value={value}
            onChange={(_, v) => setGap(gap.n, v)}
            sx={{ display: gap.layout === 'horizontal' ? 'inline-flex' : 'flex', verticalAlign: 'middle', mx: 0.5 }}
          >
            {(gap.options ?? []).map((o) => (
              <FormControlLabel key={o.id} value={o.id} control={<Radio size="small" />} label={<Markdown inline>{o.text}</Markdown>} disabled={disabled} />
            ))}
          </RadioGroup>
        );
      })}
    </Box>
  );
}
