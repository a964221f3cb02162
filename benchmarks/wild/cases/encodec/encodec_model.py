"""encodec: encodec_model (wild-code corpus, benchmarks/wild)."""

from encodec.model import EncodecModel
from encodec.modules import SEANetDecoder, SEANetEncoder
from encodec.quantization import ResidualVectorQuantizer

encoder = SEANetEncoder(channels=1, dimension=32, n_filters=8, ratios=[4, 2], lstm=1)
decoder = SEANetDecoder(channels=1, dimension=32, n_filters=8, ratios=[4, 2], lstm=1)
quantizer = ResidualVectorQuantizer(dimension=32, n_q=4, bins=64)
model = EncodecModel(
    encoder, decoder, quantizer, target_bandwidths=[1.5, 3.0], sample_rate=16000, channels=1
)
