# DKT (deep knowledge tracing) over 110 skills, from pykt
from pykt.models.dkt import DKT

model = DKT(num_c=110, emb_size=200, dropout=0.1)
