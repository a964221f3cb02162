"""Build the model from the kwargs a training checkpoint would store."""

from demucs.hdemucs import HDemucs

klass = HDemucs
args = ()
kwargs = {
    "sources": ["speech", "noise"],
    "audio_channels": 1,
    "channels": 16,
    "growth": 2,
    "nfft": 1024,
    "depth": 4,
    "hybrid": True,
    "dconv_mode": 3,
    "dconv_depth": 1,
    "samplerate": 16000,
    "segment": 4,
}
model = klass(*args, **kwargs)
