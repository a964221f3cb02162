from charformer_pytorch import GBST

model = GBST(num_tokens=257, dim=512, max_block_size=4, downsample_factor=4,
             score_consensus_attn=True)
