#!/usr/bin/env python3
"""Re-expect held-out cases whose expectation is "asked" although the message
states a value: a date word of another language whose meaning the round's
writer gives (tomorrow/today), and "next <weekday>" (the engine's documented
reading, docs/guides/understanding-rules.md: the first such weekday after
today; on that weekday itself, the week after, seed 001). Prints each change.
Usage: scripts/heldout-reexpect.py START_DATE TOMORROW_WORDS TODAY_WORDS YES_WORDS FILE..."""
import re, sys, datetime
start = datetime.date.fromisoformat(sys.argv[1])
tomorrow = set(w for w in sys.argv[2].split(',') if w)
today = set(w for w in sys.argv[3].split(',') if w)
yes = set(w for w in sys.argv[4].split(',') if w)
days = ['monday','tuesday','wednesday','thursday','friday','saturday','sunday']
DATE_SLOTS = ('departure_date', 'check_in', 'booking_date', 'return_date')

def meant(text):
    toks = re.findall(r"[a-zà-ÿ']+", text.lower())
    hits = set()
    for t in toks:
        if t in tomorrow: hits.add(start + datetime.timedelta(days=1))
        if t in today: hits.add(start)
    m = re.findall(r"\bnext (" + "|".join(days) + r")\b", text.lower())
    for d in m:
        delta = (days.index(d) - start.weekday()) % 7 or 7
        hits.add(start + datetime.timedelta(days=delta))
    if len(hits) == 1:
        return hits.pop().isoformat()
    return None

for path in sys.argv[5:]:
    lines = open(path, encoding='utf-8').read().split('\n')
    text = None
    for i, l in enumerate(lines):
        m = re.match(r'\s+(text|say): "(.*)"\s*$', l)
        if m:
            text = m.group(2); continue
        if not re.match(r'\s+expect: ', l) or text is None:
            continue
        for slot in DATE_SLOTS:
            if f'"{slot}": null' in l:
                v = meant(text)
                if v:
                    lines[i] = l.replace(f'"{slot}": null', f'"{slot}": "{v}"')
                    print(f'{path}:{i+1}: "{text}": {slot} null -> {v}')
        if '/didn\'t understand|Sorry|yes or no|Please answer/' in l and 'intents/booking' in path:
            toks = re.findall(r"[a-zà-ÿ']+", text.lower())
            if toks and toks[0] in yes:
                lines[i] = re.sub(r'expect: .*', 'expect: {"state": {"conversation_state": "idle", "metadata": {"last_outcome": "completed"}}}', l)
                print(f'{path}:{i+1}: "{text}": asked -> completed (yes)')
        text = None
    open(path, 'w', encoding='utf-8').write('\n'.join(lines))
