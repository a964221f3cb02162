from minGRU_pytorch.minLM import minLM

model = minLM(num_tokens=256, dim=256, depth=6, ff_mult=4)
