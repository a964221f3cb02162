"""The segment-recurrent training wrapper around an Infini transformer with learned delta updates."""

from infini_transformer_pytorch import InfiniTransformer, InfiniTransformerWrapper

transformer = InfiniTransformer(
    num_tokens=32000,
    dim=384,
    depth=4,
    dim_head=64,
    heads=6,
    ff_mult=4,
    use_mem_delta_rule=True,
    learned_delta_update=True,
)

model = InfiniTransformerWrapper(transformer, segment_length=256, detach_mems_every_num_segments=2)
