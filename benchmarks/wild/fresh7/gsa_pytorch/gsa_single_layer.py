from gsa_pytorch import GSA

model = GSA(dim=96, dim_out=128, dim_key=32, heads=8, rel_pos_length=64, norm_queries=True)
