# AKT with Rasch-model question difficulty (n_pid > 0), settings from a config dict as in pykt's json configs
from pykt.models.akt import AKT

cfg = {
    "d_model": 256,
    "n_blocks": 2,
    "dropout": 0.05,
    "d_ff": 512,
    "kq_same": 1,
    "final_fc_dim": 256,
    "num_attn_heads": 8,
}
model = AKT(n_question=123, n_pid=17751, **cfg)
