import { useId, useState } from 'react';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import HelpOutlineIcon from '@mui/icons-material/HelpOutline';
import { LazyMarkdown as Markdown } from '../../ui/LazyMarkdown';

/** What the viewer shows: a guideline's tab menu items (also an unsaved draft, in the editor's preview). */
export interface GuidelineViewItem {
  title: string;
  description: string;
  faqs?: readonly { question: string; answer: string }[];
}

const UNTITLED = 'Untitled tab';

function FaqList({ faqs, idPrefix }: { faqs: NonNullable<GuidelineViewItem['faqs']>; idPrefix: string }) {
  return (
    <Box component="section" aria-labelledby={`${idPrefix}-faqs`} sx={{ mt: 4 }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1.5 }}>
        <HelpOutlineIcon color="primary" fontSize="small" aria-hidden />
        <Typography id={`${idPrefix}-faqs`} component="h3" variant="subtitle1" sx={{ fontWeight: 600 }}>
          Frequently asked questions
        </Typography>
      </Stack>
      <div>
        {faqs.map((faq, index) => (
          <Accordion key={index} disableGutters variant="outlined" sx={{ '&:not(:last-of-type)': { borderBottom: 0 } }}>
            <AccordionSummary
              expandIcon={<ExpandMoreIcon />}
              id={`${idPrefix}-faq-${index}-header`}
              aria-controls={`${idPrefix}-faq-${index}-content`}
            >
              <Typography component="span" sx={{ fontWeight: 500 }}>
                {faq.question || 'Untitled question'}
              </Typography>
            </AccordionSummary>
            <AccordionDetails sx={{ pt: 0 }}>
              <Typography component="div" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                <Markdown lineBreaks>{faq.answer}</Markdown>
              </Typography>
            </AccordionDetails>
          </Accordion>
        ))}
      </div>
    </Box>
  );
}

/**
 * A guideline as its readers see it: one tab per item, the item's description, and its FAQs
 * as accordions. The texts are Markdown with math, like questions; their line breaks are kept.
 */
export function GuidelineViewer({ items }: { items: readonly GuidelineViewItem[] }) {
  const idPrefix = useId().replace(/:/g, '');
  const [selected, setSelected] = useState(0);
  const current = Math.min(selected, Math.max(items.length - 1, 0));
  const item = items[current];

  return (
    <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
      <Box sx={{ borderBottom: 1, borderColor: 'divider', bgcolor: 'background.default' }}>
        <Tabs
          value={current}
          onChange={(_, value: number) => setSelected(value)}
          variant="scrollable"
          scrollButtons="auto"
          allowScrollButtonsMobile
          aria-label="Guideline sections"
        >
          {items.map((tab, index) => (
            <Tab
              key={index}
              label={tab.title || UNTITLED}
              id={`${idPrefix}-tab-${index}`}
              aria-controls={`${idPrefix}-panel-${index}`}
              sx={{ textTransform: 'none', fontSize: '0.95rem', maxWidth: 280 }}
            />
          ))}
        </Tabs>
      </Box>
      {item && (
        <Box
          role="tabpanel"
          id={`${idPrefix}-panel-${current}`}
          aria-labelledby={`${idPrefix}-tab-${current}`}
          sx={{ p: { xs: 2, sm: 3 } }}
        >
          <Typography component="h2" variant="h6" gutterBottom>
            {item.title || UNTITLED}
          </Typography>
          <Typography component="div" sx={{ lineHeight: 1.7, overflowWrap: 'anywhere' }}>
            <Markdown lineBreaks>{item.description}</Markdown>
          </Typography>
          {item.faqs && item.faqs.length > 0 && <FaqList faqs={item.faqs} idPrefix={`${idPrefix}-${current}`} />}
        </Box>
      )}
    </Paper>
  );
}
