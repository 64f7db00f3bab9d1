# Layout only: inserts the hand-written third sources (raw/third_sources.txt) into the raw case files.
import os
RAW = os.path.join(os.path.dirname(os.path.abspath(__file__)), "raw")
rows = [l.rstrip("\n").split(" | ") for l in open(os.path.join(RAW, "third_sources.txt")) if l.strip() and not l.startswith("#")]
for cat, src, merged in rows:
    done = False
    for fn in sorted(os.listdir(RAW)):
        if not fn.startswith("a_"): continue
        p = os.path.join(RAW, fn); lines = open(p).read().split("\n")
        for i, l in enumerate(lines):
            if l.startswith("C ") and l.split()[5] == cat:
                j = i + 1
                while lines[j].startswith("S "): j += 1
                if ("S " + src) in lines: done = True; break
                assert lines[j].startswith("M ")
                lines[j] = "M " + merged
                lines.insert(j, "S " + src)
                open(p, "w").write("\n".join(lines)); done = True; break
        if done: break
    assert done, cat
