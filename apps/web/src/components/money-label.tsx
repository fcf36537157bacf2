// A money figure's label from the glossary (@vendport/shared MONEY_WORDS, issue 53 point 2):
// the word, marked with itself so the class test (e2e/22-money-words.e2e.ts) can tell a label
// rendered from the glossary from one typed by hand.
import { MONEY_WORD_MEANINGS, MONEY_WORDS, type MoneyWord } from '@vendport/shared';

export function MoneyLabel({ word }: { word: MoneyWord }) {
  return (
    <span data-money-word={MONEY_WORDS[word]} title={MONEY_WORD_MEANINGS[word]}>
      {MONEY_WORDS[word]}
    </span>
  );
}
