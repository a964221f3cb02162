from torch_nac import NAC

model = NAC(d_model=32, num_heads=4, topk=4, mode="exact", euler_steps=3, input_dim=10)
