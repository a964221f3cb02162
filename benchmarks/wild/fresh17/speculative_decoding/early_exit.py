# a user adds an early-exit head by hand (the library's early_exit_layer path fails to build here)
from speculative_decoding import Decoder
from torch import nn

model = Decoder(num_tokens=512, dim=96, depth=6, heads=3, dim_head=32, ff_mult=2)
model.to_early_exit_logits = nn.Sequential(nn.RMSNorm(96), nn.Linear(96, 512, bias=False))
model.to_early_exit_logits[1].weight = model.token_emb.weight
model.early_exit_layer = 2
