"""A miniature Mimi codec assembled from its parts (no weights loaded)."""

from moshi.models.compression import MimiModel
from moshi.modules.seanet import SEANetDecoder, SEANetEncoder
from moshi.quantization import SplitResidualVectorQuantizer

enc = SEANetEncoder(
    channels=1, dimension=24, n_filters=4, n_residual_layers=1, ratios=[4, 4], causal=True
)
dec = SEANetDecoder(
    channels=1, dimension=24, n_filters=4, n_residual_layers=1, ratios=[4, 4], causal=True
)
quant = SplitResidualVectorQuantizer(
    n_q=3, n_q_semantic=1, dimension=8, input_dimension=24, output_dimension=24, bins=32
)

model = MimiModel(
    enc,
    dec,
    quant,
    frame_rate=100.0,
    encoder_frame_rate=100.0,
    sample_rate=1600,
    channels=1,
    causal=True,
)
