from demucs.htdemucs import HTDemucs

SOURCES = ["drums", "bass", "other", "vocals"]
model = HTDemucs(
    sources=SOURCES, channels=16, depth=4, nfft=2048, t_layers=2, t_heads=4, bottom_channels=0
)
