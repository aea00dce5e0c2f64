"""The one thread the computer thinks on (its turns and the hints), never the
GUI thread: a single worker, so a stopped search finishes before the next."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

EXECUTOR = ThreadPoolExecutor(max_workers=1, thread_name_prefix="volley-computer")
#: How often the window looks whether the thinking is done (ms).
POLL_MS = 15
