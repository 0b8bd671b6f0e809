"""The round's moves in words, the last `most` of them, kept as one buffer of UTF-8 lines: a str a line took about 50 bytes of the Pico's heap, a long round's log 2 KB (issue 26)."""


class MoveLog:
    """A list of lines that holds its text in one bytearray: len(), log[i] (a str, i < 0
    from the end), append, clear."""

    def __init__(self, most):
        self.most = most
        self.text = bytearray()  # the lines' UTF-8, one after the other
        self.sizes = bytearray()  # each line's length in bytes (at most 255)

    def __len__(self):
        return len(self.sizes)

    def append(self, line):
        """Add `line`; True when that dropped the oldest (the log held `most`)."""
        data = line[:80].encode()  # (80 characters: at most 240 bytes)
        self.text.extend(data)
        self.sizes.append(len(data))
        if len(self.sizes) > self.most:
            self.text[0 : self.sizes[0]] = b""
            self.sizes[0:1] = b""
            return True
        return False

    def clear(self):
        self.text = bytearray()
        self.sizes = bytearray()

    def __getitem__(self, i):
        sizes = self.sizes
        n = len(sizes)
        if i < 0:
            i += n
        if not 0 <= i < n:
            raise IndexError("log line")
        at = 0
        for k in range(i):
            at += sizes[k]
        return str(self.text[at : at + sizes[i]], "utf-8")
