"""Parse the hand-written raw files (layout only, no text generation)."""
import glob, os

RAW = os.path.join(os.path.dirname(os.path.abspath(__file__)), "raw")


def merge_cases():
    cases = []
    for path in sorted(glob.glob(os.path.join(RAW, "merge_*.txt"))):
        cur = None
        for ln, line in enumerate(open(path, encoding="utf-8"), 1):
            line = line.rstrip("\n")
            if not line.strip() or line.startswith("#"):
                continue
            tag, rest = line[:1], line[2:].strip()
            if tag == "@":
                parts = rest.split()
                label, reword, domain, category = parts[:4]
                kind = None
                if "/" in label:
                    label, kind = label.split("/")
                cur = {"label": label, "kind": kind, "reword": reword, "domain": domain,
                       "category": category, "sources": [], "merged": None, "note": "",
                       "_where": f"{os.path.basename(path)}:{ln}"}
                cases.append(cur)
            elif tag == "-":
                cur["sources"].append(rest)
            elif tag == "=":
                cur["merged"] = rest
            elif tag == "!":
                cur["note"] = rest
            else:
                raise ValueError(f"{path}:{ln}: bad line {line!r}")
    return cases


def para_records():
    recs = []
    for path in sorted(glob.glob(os.path.join(RAW, "para_*.txt"))):
        cur = None
        for ln, line in enumerate(open(path, encoding="utf-8"), 1):
            line = line.rstrip("\n")
            if not line.strip() or line.startswith("#"):
                continue
            tag, rest = line[:1], line[2:].strip()
            where = f"{os.path.basename(path)}:{ln}"
            if tag == "G":
                difficulty, domain = rest.split()
                cur = {"kind": "group", "difficulty": difficulty, "domain": domain, "members": [], "_where": where}
                recs.append(cur)
            elif tag == "L":
                differs, domain = rest.split()
                cur = {"kind": "lookalike", "differs": differs, "domain": domain, "pair": [], "_where": where}
                recs.append(cur)
            elif tag == "F":
                domain, text = rest.split(" ", 1)
                recs.append({"kind": "filler", "domain": domain, "text": text.strip(), "_where": where})
                cur = None
            elif tag == "-":
                (cur["members"] if cur["kind"] == "group" else cur["pair"]).append(rest)
            else:
                raise ValueError(f"{where}: bad line {line!r}")
    return recs
