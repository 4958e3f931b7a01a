import { textBlocks } from '@/lib/text/blocks';
import styles from './rich-text.module.css';

/** Renders catalogue text (paragraphs, '## ' subheadings, '- ' lists) as semantic HTML, never as raw HTML. */
export function RichText({ text, headingLevel = 2 }: { text: string; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <div className={styles.richText}>
      {textBlocks(text).map((block, index) => {
        if (block.kind === 'heading') return <Heading key={index}>{block.text}</Heading>;
        if (block.kind === 'list')
          return (
            <ul key={index}>
              {block.items.map((item, itemIndex) => (
                <li key={itemIndex}>{item}</li>
              ))}
            </ul>
          );
        return <p key={index}>{block.text}</p>;
      })}
    </div>
  );
}
