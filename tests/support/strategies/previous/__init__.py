"""The AIs as they shipped before issue 31, frozen, so the bench can put the new AI against the old
(``PREVIOUS`` of tests/support/strategies/toprace.py and takenoko.py). Copies of the rules modules
at commit 2a6e6fb, their imports pointed at each other; nothing else imports them."""
