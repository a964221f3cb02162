from functools import partial

from demucs.demucs import Demucs

make = partial(Demucs, audio_channels=2, rewrite=True, glu=True)
model = make(["drums", "bass", "other", "vocals"], channels=32, depth=5, lstm_layers=2)
