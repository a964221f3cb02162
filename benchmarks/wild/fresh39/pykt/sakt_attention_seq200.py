# SAKT: self-attentive knowledge tracing, window of 200 interactions
from pykt.models.sakt import SAKT

model = SAKT(num_c=265, seq_len=200, emb_size=64, num_attn_heads=4, dropout=0.2, num_en=2)
