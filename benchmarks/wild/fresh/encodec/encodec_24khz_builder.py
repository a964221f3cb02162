"""encodec: the 24 kHz model from its classmethod builder, no weights (fresh batch, benchmarks/wild/fresh)."""

from encodec import EncodecModel

model = EncodecModel.encodec_model_24khz(pretrained=False)
