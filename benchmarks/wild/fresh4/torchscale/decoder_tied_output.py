"""A GPT-style torchscale Decoder whose output projection shares the token embedding."""

import torch.nn as nn
from torchscale.architecture.config import DecoderConfig
from torchscale.architecture.decoder import Decoder

cfg = DecoderConfig(
    vocab_size=4096,
    decoder_embed_dim=128,
    decoder_attention_heads=4,
    decoder_ffn_embed_dim=512,
    decoder_layers=4,
    share_decoder_input_output_embed=True,
    subln=True,
)
tok = nn.Embedding(cfg.vocab_size, cfg.decoder_embed_dim)
model = Decoder(cfg, embed_tokens=tok)
