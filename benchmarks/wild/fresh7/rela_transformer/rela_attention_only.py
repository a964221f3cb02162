import yaml
from rela_transformer import ReLATransformer

cfg = yaml.safe_load("""
num_tokens: 5000
dim: 128
depth: 8
max_seq_len: 256
heads: 8
dim_head: 16
no_ff: true
causal: false
""")
model = ReLATransformer(**cfg)
