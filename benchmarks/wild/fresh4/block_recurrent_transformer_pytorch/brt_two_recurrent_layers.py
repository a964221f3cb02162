from block_recurrent_transformer_pytorch import BlockRecurrentTransformer, RecurrentTrainerWrapper

transformer = BlockRecurrentTransformer(
    num_tokens=256,
    dim=192,
    depth=6,
    heads=6,
    dim_head=32,
    max_seq_len=1024,
    block_width=256,
    recurrent_layers=(2, 5),
    read_recurrent_layers=(2, 5),
    all_layers_qk_rmsnorm=True,
    ff_mult=2,
)
model = RecurrentTrainerWrapper(transformer, xl_memories_dropout=0.1, state_dropout=0.1)
