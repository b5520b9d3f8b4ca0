import { memo, useEffect, useState } from 'react';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import { Markdown } from '../../ui/Markdown';
import type { AnswerResponse, ExamQuestion } from '../api/types';
import { ClozeAnswer, MatchingAnswer } from './MoodleTypeInputs';
import { encodeSingle, encodeText, encodeTrueFalse, numericText, parseNumeric, textLimitOf, toggleOption } from './responses';

export interface AnswerInputProps {
  question: ExamQuestion;
  response: AnswerResponse;
  onChange: (response: AnswerResponse) => void;
  disabled: boolean;
  /** Ids of the question's heading and text: they name the input group. */
  labelledBy: string;
  /** Id of the question's text: it describes a text field (whose own label is 'Your answer'). */
  textId: string;
}

const OptionText = memo(function OptionText({ text }: { text: string }) {
  return <Markdown inline>{text}</Markdown>;
});

/**
 * The text of a text input while it is edited: it follows the saved response when that changes
 * from elsewhere (a newer answer from the server), but keeps what the student typed that encodes
 * to the same response (blanks, a trailing decimal point).
 */
function useDraft(response: AnswerResponse, toText: (r: AnswerResponse) => string, encode: (text: string) => AnswerResponse | undefined) {
  const [text, setText] = useState(() => toText(response));
  useEffect(() => {
    setText((current) => {
      const mine = encode(current);
      return mine !== undefined && JSON.stringify(mine) === JSON.stringify(response) ? current : toText(response);
    });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only a change of the response matters
  }, [response]);
  return [text, setText] as const;
}

/** The input of one question, by type (the response encoding is in responses.ts). */
export function AnswerInput(props: AnswerInputProps) {
  switch (props.question.type) {
    case 'single':
      return <SingleChoice {...props} />;
    case 'multiple':
      return <MultipleChoice {...props} />;
    case 'true_false':
      return <TrueFalse {...props} />;
    case 'numeric':
      return <NumericAnswer {...props} />;
    case 'short_answer':
    case 'descriptive':
      return <TextAnswer {...props} />;
    case 'matching':
      return <MatchingAnswer {...props} />;
    case 'cloze':
      return <ClozeAnswer {...props} />;
    case 'description':
      return null;
  }
}

function SingleChoice({ question, response, onChange, disabled, labelledBy }: AnswerInputProps) {
  return (
    <RadioGroup aria-labelledby={labelledBy} name={`q${question.id}`} value={typeof response === 'string' ? response : ''} onChange={(_, value) => onChange(encodeSingle(value))}>
      {(question.options ?? []).map((option) => (
        <FormControlLabel key={option.id} value={option.id} control={<Radio />} label={<OptionText text={option.text} />} disabled={disabled} sx={{ my: 0.25 }} />
      ))}
    </RadioGroup>
  );
}

function MultipleChoice({ question, response, onChange, disabled, labelledBy }: AnswerInputProps) {
  const order = (question.options ?? []).map((o) => o.id);
  const chosen = new Set(Array.isArray(response) ? response : []);
  const hintId = `q${question.id}-hint`;
  return (
    <>
      <FormHelperText id={hintId} sx={{ mx: 0 }}>
        Choose all that apply.
      </FormHelperText>
      <FormGroup role="group" aria-labelledby={labelledBy} aria-describedby={hintId}>
        {(question.options ?? []).map((option) => (
          <FormControlLabel
            key={option.id}
            control={<Checkbox checked={chosen.has(option.id)} onChange={(event) => onChange(toggleOption(response, option.id, event.target.checked, order))} />}
            label={<OptionText text={option.text} />}
            disabled={disabled}
            sx={{ my: 0.25 }}
          />
        ))}
      </FormGroup>
    </>
  );
}

function TrueFalse({ question, response, onChange, disabled, labelledBy }: AnswerInputProps) {
  return (
    <RadioGroup aria-labelledby={labelledBy} name={`q${question.id}`} value={typeof response === 'boolean' ? String(response) : ''} onChange={(_, value) => onChange(encodeTrueFalse(value))}>
      <FormControlLabel value="true" control={<Radio />} label="True" disabled={disabled} />
      <FormControlLabel value="false" control={<Radio />} label="False" disabled={disabled} />
    </RadioGroup>
  );
}

const encodeNumeric = (text: string) => {
  const parsed = parseNumeric(text);
  return parsed.ok ? parsed.response : undefined;
};

function NumericAnswer({ question, response, onChange, disabled, textId }: AnswerInputProps) {
  const [text, setText] = useDraft(response, numericText, encodeNumeric);
  const parsed = parseNumeric(text);
  const id = `answer-${question.id}`;
  return (
    <TextField
      id={id}
      label="Your answer (a number)"
      value={text}
      disabled={disabled}
      autoComplete="off"
      onChange={(event) => {
        setText(event.target.value);
        const next = parseNumeric(event.target.value);
        if (next.ok) onChange(next.response);
      }}
      error={!parsed.ok}
      helperText={parsed.ok ? 'For example 42, -3 or 2.5' : `${parsed.message}. This value is not saved.`}
      sx={{ maxWidth: 320 }}
      fullWidth
      slotProps={{ htmlInput: { inputMode: 'decimal', 'aria-describedby': `${textId} ${id}-helper-text` } }}
    />
  );
}

function TextAnswer({ question, response, onChange, disabled, textId }: AnswerInputProps) {
  const [text, setText] = useDraft(response, (r) => (typeof r === 'string' ? r : ''), encodeText);
  const max = textLimitOf(question.type)!;
  const descriptive = question.type === 'descriptive';
  const id = `answer-${question.id}`;
  return (
    <TextField
      id={id}
      label="Your answer"
      value={text}
      disabled={disabled}
      multiline={descriptive}
      minRows={descriptive ? 8 : undefined}
      autoComplete="off"
      onChange={(event) => {
        const value = event.target.value.slice(0, max);
        setText(value);
        onChange(encodeText(value));
      }}
      helperText={`${text.length} of ${max} characters`}
      fullWidth
      slotProps={{ htmlInput: { maxLength: max, spellCheck: descriptive, 'aria-describedby': `${textId} ${id}-helper-text` } }}
    />
  );
}
