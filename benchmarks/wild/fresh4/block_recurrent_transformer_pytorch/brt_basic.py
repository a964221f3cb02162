from block_recurrent_transformer_pytorch import BlockRecurrentTransformer

model = BlockRecurrentTransformer(
    num_tokens=20000,
    dim=256,
    depth=4,
    dim_head=32,
    heads=4,
    max_seq_len=512,
    block_width=128,
    num_state_vectors=128,
    recurrent_layers=(3,),
)
