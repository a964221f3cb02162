"""A UniversalKAN (unikan) with layer sizes 4-8-3 and the default function list."""

from unikan import UniversalKAN

model = UniversalKAN([4, 8, 3])
