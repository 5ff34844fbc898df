import type { ValidationIssue } from '../../../../shared/validation/issue';
import { useText } from '../../ui/i18n/textStore';
import { issueText } from '../../text/issueText';

/** One problem with a field, in the artist's language; a message the app did not write (the service's) keeps its own, marked as such. */
export function IssueLine({ issue }: { issue: ValidationIssue }) {
  const text = useText();
  const said = issueText(issue, text);
  return said.translated ? (
    said.text
  ) : (
    <span lang="en" translate="no">
      {said.text}
    </span>
  );
}
