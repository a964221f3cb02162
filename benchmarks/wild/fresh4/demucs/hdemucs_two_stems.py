from demucs.hdemucs import HDemucs

model = HDemucs(["vocals", "accompaniment"], audio_channels=1, channels=24, depth=4)
