"""Fine-tuning only the output head of an FCPE model with harmonic embeddings and FA-norm."""

from torchfcpe.models import CFNaiveMelPE

cfg = {"input_channels": 40, "out_dims": 64, "hidden_dims": 64, "n_layers": 2, "n_heads": 4}
model = CFNaiveMelPE(
    **cfg, use_fa_norm=True, use_harmonic_emb=True, conv_dropout=0.1, atten_dropout=0.1
)
for name, p in model.named_parameters():
    if not name.startswith("output_proj"):
        p.requires_grad_(False)
