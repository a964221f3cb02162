import json

from snac import SNAC

config = json.loads(
    """{
  "sampling_rate": 32000,
  "encoder_dim": 24,
  "encoder_rates": [2, 3, 8, 8],
  "decoder_dim": 192,
  "decoder_rates": [8, 8, 3, 2],
  "attn_window_size": 32,
  "codebook_size": 512,
  "codebook_dim": 8,
  "vq_strides": [4, 2, 1],
  "noise": true,
  "depthwise": true
}"""
)
model = SNAC(**config)
