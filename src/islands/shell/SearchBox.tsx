import { apiRequest } from '#lib/api-client.ts';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import {
  SEARCH_BLUR_HIDE_MS,
  SEARCH_DEBOUNCE_MS,
  SEARCH_MIN_CHARS,
  getSuggestionPath,
  getSuggestionsUrl,
  toSuggestions,
  type Suggestion,
} from './search-suggestions.ts';

export interface SearchBoxTexts {
  label: string;
  placeholder: string;
  submit: string;
  noResults: string;
  seeAll: string;
  loading: string;
}

interface Props {
  texts: SearchBoxTexts;
  lang: 'pt' | 'es';
  currencyId: number;
  initialText?: string;
}

type State = { kind: 'idle' } | { kind: 'loading' } | { kind: 'done'; items: Suggestion[] };

/** Header search: a plain GET form to /produtos (works without JS) with suggestions on top. */
export default function SearchBox({ texts, lang, currencyId, initialText = '' }: Props) {
  const [text, setText] = useState(initialText);
  const [state, setState] = useState<State>({ kind: 'idle' });
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const blurTimer = useRef<number | undefined>(undefined);
  const input = useRef<HTMLInputElement>(null);
  const listId = useId();

  // Hydrated on first focus (client:interaction): what was typed while the code loaded is
  // already in the field, and React keeps it there without telling the state.
  useEffect(() => {
    const element = input.current;
    if (!element) return;
    if (element.value !== initialText) setText(element.value);
    if (document.activeElement === element) setOpen(true);
  }, [initialText]);

  useEffect(() => {
    const query = text.trim();
    if (query.length < SEARCH_MIN_CHARS) {
      setState({ kind: 'idle' });
      return;
    }
    const controller = new AbortController();
    setState({ kind: 'loading' });
    const timer = window.setTimeout(() => {
      void apiRequest<unknown>('GET', getSuggestionsUrl(query, lang, currencyId), undefined, controller.signal).then((answer) => {
        if (controller.signal.aborted) return;
        if (answer.ok) {
          setState({ kind: 'done', items: toSuggestions(answer.data) });
          setActive(-1);
          return;
        }
        console.error('search suggestions failed', answer.status);
        setState({ kind: 'idle' });
        setOpen(false);
      });
    }, SEARCH_DEBOUNCE_MS);
    return () => {
      window.clearTimeout(timer);
      controller.abort();
    };
  }, [text, lang, currencyId]);

  useEffect(() => () => window.clearTimeout(blurTimer.current), []);

  const items = state.kind === 'done' ? state.items : [];
  const visible = open && state.kind !== 'idle';

  function onSubmit(event: { preventDefault(): void }) {
    if (!text.trim()) event.preventDefault();
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Escape') {
      setOpen(false);
      return;
    }
    if (!visible || items.length === 0) return;
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      setActive((i) => (i + 1) % items.length);
    }
    if (event.key === 'ArrowUp') {
      event.preventDefault();
      setActive((i) => (i <= 0 ? items.length - 1 : i - 1));
    }
    if (event.key === 'Enter' && active >= 0) {
      const item = items[active];
      if (item) {
        event.preventDefault();
        window.location.assign(getSuggestionPath(item));
      }
    }
  }

  return (
    <form
      className="search"
      action="/produtos"
      method="get"
      role="search"
      onSubmit={onSubmit}
      onFocus={() => {
        window.clearTimeout(blurTimer.current);
        setOpen(true);
      }}
      onBlur={() => {
        blurTimer.current = window.setTimeout(() => setOpen(false), SEARCH_BLUR_HIDE_MS);
      }}
    >
      <label className="visually-hidden" htmlFor={`${listId}-input`}>
        {texts.label}
      </label>
      <input
        ref={input}
        id={`${listId}-input`}
        className="search__input"
        type="text"
        name="text"
        value={text}
        required
        placeholder={texts.placeholder}
        autoComplete="off"
        enterKeyHint="search"
        maxLength={200}
        role="combobox"
        aria-expanded={visible}
        aria-controls={`${listId}-list`}
        aria-autocomplete="list"
        aria-activedescendant={active >= 0 ? `${listId}-opt-${active}` : undefined}
        onChange={(event) => {
          setText(event.target.value);
          setOpen(true);
        }}
        onKeyDown={onKeyDown}
      />
      <button className="search__submit" type="submit" aria-label={texts.submit}>
        <svg
          width="20"
          height="20"
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth="2.2"
          strokeLinecap="round"
          aria-hidden="true"
        >
          <path d="M11 4a7 7 0 1 0 0 14 7 7 0 0 0 0-14zm10 17-5-5" />
        </svg>
      </button>
      <div className="search__panel" id={`${listId}-list`} hidden={!visible} data-testid="search-suggestions">
        {state.kind === 'loading' && (
          <ul className="search__list" aria-label={texts.loading} aria-busy="true">
            {[0, 1, 2, 3].map((i) => (
              <li key={i} className="search__skeleton" data-testid="search-skeleton">
                <span />
                <span />
              </li>
            ))}
          </ul>
        )}
        {state.kind === 'done' && items.length === 0 && (
          <p className="search__empty" role="status">
            {texts.noResults.replace('{text}', text.trim())}
          </p>
        )}
        {state.kind === 'done' && items.length > 0 && (
          <ul className="search__list" role="listbox" aria-label={texts.label}>
            {items.map((item, index) => (
              <li key={item.id} id={`${listId}-opt-${index}`} role="option" aria-selected={index === active} className="search__item">
                <a href={getSuggestionPath(item)} tabIndex={-1}>
                  {item.imagens[0] ? (
                    <img src={item.imagens[0].url} alt="" width={44} height={44} loading="lazy" />
                  ) : (
                    <span className="search__noimg" />
                  )}
                  <span className="search__name">
                    {item.nome}
                    <small>{item.codigo}</small>
                  </span>
                  {item.mostrar_preco && <strong className="search__price">{item.preco_atual.formatado}</strong>}
                </a>
              </li>
            ))}
          </ul>
        )}
        {state.kind === 'done' && items.length > 0 && (
          <a className="search__all" href={`/produtos?text=${encodeURIComponent(text.trim())}`} tabIndex={-1}>
            {texts.seeAll}
          </a>
        )}
      </div>
    </form>
  );
}
