"""Finding the line of a key in a scenario's TOML text, so every error can name it."""

from __future__ import annotations

import re

Path = tuple[str | int, ...]

_HEADER = re.compile(r"^\s*(\[\[?)\s*([^\]]+?)\s*\]\]?\s*(#.*)?$")


class Locator:
    """Maps a key path of the parsed document back to a line of the file text."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.lines = text.splitlines()
        self.headers: list[tuple[int, str]] = []
        for i, line in enumerate(self.lines):
            m = _HEADER.match(line)
            if m and not line.lstrip().startswith("#"):
                self.headers.append((i, m.group(2).replace(" ", "").replace('"', "")))

    def _section_end(self, start: int) -> int:
        for i, _ in self.headers:
            if i > start:
                return i
        return len(self.lines)

    def line(self, path: Path, value: str | None = None) -> int | None:
        """1-based line of `path` (keys and list indexes), or None."""
        lo, hi = 0, self.headers[0][0] if self.headers else len(self.lines)
        best: int | None = None
        prefix = ""
        parts = list(path)
        k = 0
        while k < len(parts):
            part = parts[k]
            if isinstance(part, int):
                k += 1
                continue
            name = prefix + str(part)
            found = [i for i, h in self.headers if h == name]
            if found:
                pick = 0
                if k + 1 < len(parts) and isinstance(parts[k + 1], int):
                    pick = parts[k + 1]
                    k += 1
                if pick >= len(found):
                    break
                best = found[pick]
                lo, hi = best + 1, self._section_end(best)
                prefix = name + "."
                k += 1
                continue
            key = re.compile(rf"^\s*(?:[\w.\"]*\.)?\"?{re.escape(str(part))}\"?\s*=")
            inline = re.compile(rf"(?:^|[{{,\s])\"?{re.escape(str(part))}\"?\s*=")
            hit = None
            for i in range(lo, hi):
                if key.search(self.lines[i]) or (best is not None and inline.search(self.lines[i])):
                    hit = i
                    break
            if hit is None:
                break
            best = hit
            lo = hit
            k += 1
        if value is not None:
            start = best if best is not None else 0
            end = hi if best is not None else len(self.lines)
            for i in range(start, max(end, start + 1)):
                if i < len(self.lines) and value in self.lines[i]:
                    return i + 1
        return None if best is None else best + 1

    def strings_after(self, path: Path, texts: list[str]) -> list[int | None]:
        """Lines of consecutive string items of the list at `path`, in order."""
        start_line = self.line(path)
        if start_line is None:
            return [None] * len(texts)
        offsets = [0]
        for line in self.lines:
            offsets.append(offsets[-1] + len(line) + 1)
        pos = offsets[start_line - 1]
        joined = "\n".join(self.lines)
        out: list[int | None] = []
        for text in texts:
            hits = [j for q in ('"', "'") if (j := joined.find(q + text + q, pos)) >= 0]
            if not hits:
                out.append(None)
                continue
            j = min(hits)
            out.append(joined.count("\n", 0, j) + 1)
            pos = j + len(text) + 2
        return out
