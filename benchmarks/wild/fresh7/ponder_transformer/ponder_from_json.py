import json

from ponder_transformer import PonderTransformer

cfg = json.loads("""{"num_tokens": 256, "dim": 320, "max_seq_len": 1024, "heads": 5, "dim_head": 64,
                     "ponder_kl_div_loss_weight": 0.05, "ponder_epsilon": 0.1}""")
model = PonderTransformer(**cfg)
