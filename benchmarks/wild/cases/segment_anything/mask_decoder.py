"""segment_anything: mask_decoder (wild-code corpus, benchmarks/wild)."""

from segment_anything.modeling import MaskDecoder, TwoWayTransformer

model = MaskDecoder(
    transformer_dim=32,
    transformer=TwoWayTransformer(depth=2, embedding_dim=32, num_heads=4, mlp_dim=64),
    num_multimask_outputs=3,
    iou_head_depth=2,
    iou_head_hidden_dim=32,
)
