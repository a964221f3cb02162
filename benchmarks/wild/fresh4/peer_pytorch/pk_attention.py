from PEER_pytorch import PKAttention

model = PKAttention(dim=128, num_key_values=32 * 32, pre_rmsnorm=True)
