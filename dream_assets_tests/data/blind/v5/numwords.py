"""Number extraction shared by build.py and validate.py (layout/validation only)."""
import re

UNITS = {w: i for i, w in enumerate(
    "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen "
    "fifteen sixteen seventeen eighteen nineteen".split())}
TENS = {w: 10 * (i + 2) for i, w in enumerate(
    "twenty thirty forty fifty sixty seventy eighty ninety".split())}
ORD_UNITS = {w: i + 1 for i, w in enumerate(
    "first second third fourth fifth sixth seventh eighth ninth tenth eleventh twelfth thirteenth "
    "fourteenth fifteenth sixteenth seventeenth eighteenth nineteenth".split())}
ORD_TENS = {w: 10 * (i + 2) for i, w in enumerate(
    "twentieth thirtieth fortieth fiftieth sixtieth seventieth eightieth ninetieth".split())}
SCALES = {"hundred": 100, "thousand": 1000, "million": 1000000}
SPECIAL = {"twice": 2, "thrice": 3, "fortnight": 2, "fortnightly": 2, "dozen": 12, "half-hour": 30}
MONTHS = {m: i + 1 for i, m in enumerate(
    "january february march april may june july august september october november december".split())}
MONTHS.update({m[:3]: v for m, v in list(MONTHS.items())})
MONTHS["sept"] = 9

WORD_RE = re.compile(r"[a-zà-ÿ]+|\d+(?:[.,]\d+)*k?|[-\s]+|.", re.I)


def _fmt(x):
    if isinstance(x, float) and x.is_integer():
        x = int(x)
    return str(x)


def _digit_token(tok):
    low = tok.lower()
    mult = 1
    if low.endswith("k"):
        mult, low = 1000, low[:-1]
    if re.fullmatch(r"\d{1,3}(,\d{3})+(\.\d+)?", low):
        low = low.replace(",", "")
    parts = low.split(",")
    out = []
    for p in parts:
        try:
            v = float(p) if "." in p else int(p)
        except ValueError:
            continue
        out.append(_fmt(v * mult))
    return out


def numbers(text, months=True):
    """Return the set of numbers (as normalised strings) a text states."""
    toks = [t for t in WORD_RE.findall(text) if t.strip() and t.strip() != "-"]
    found = set()
    i = 0
    while i < len(toks):
        t = toks[i]
        low = t.lower()
        if re.fullmatch(r"\d+(?:[.,]\d+)*k?", low):
            found.update(_digit_token(low))
            i += 1
            continue
        if low in SPECIAL:
            found.add(str(SPECIAL[low]))
            i += 1
            continue
        if months and low in MONTHS and (low != "may" or t[0] == "M") and low != "mar" and low != "jun":
            found.add(str(MONTHS[low]))
            i += 1
            continue
        # compound number words
        if low in UNITS or low in TENS or low in ORD_UNITS or low in ORD_TENS:
            total, cur, j = 0, 0, i
            while j < len(toks):
                w = toks[j].lower()
                if w in UNITS:
                    cur += UNITS[w]
                elif w in TENS:
                    cur += TENS[w]
                elif w in ORD_UNITS:
                    cur += ORD_UNITS[w]; j += 1; break
                elif w in ORD_TENS:
                    cur += ORD_TENS[w]; j += 1; break
                elif w in SCALES:
                    if w == "hundred":
                        cur = max(cur, 1) * 100
                    else:
                        total += max(cur, 1) * SCALES[w]; cur = 0
                elif w == "and" and j + 1 < len(toks) and (toks[j + 1].lower() in UNITS or toks[j + 1].lower() in TENS) and (cur >= 100 or total):
                    pass
                else:
                    break
                j += 1
            found.add(str(total + cur))
            i = max(j, i + 1)
            continue
        i += 1
    return found
