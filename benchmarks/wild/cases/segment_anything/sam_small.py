"""segment_anything: sam_small (wild-code corpus, benchmarks/wild)."""

from segment_anything.modeling import (
    ImageEncoderViT,
    MaskDecoder,
    PromptEncoder,
    Sam,
    TwoWayTransformer,
)

prompt_dim = 32
model = Sam(
    image_encoder=ImageEncoderViT(
        img_size=64, patch_size=16, embed_dim=64, depth=2, num_heads=4, out_chans=prompt_dim
    ),
    prompt_encoder=PromptEncoder(
        embed_dim=prompt_dim,
        image_embedding_size=(4, 4),
        input_image_size=(64, 64),
        mask_in_chans=8,
    ),
    mask_decoder=MaskDecoder(
        transformer_dim=prompt_dim,
        transformer=TwoWayTransformer(depth=2, embedding_dim=prompt_dim, num_heads=4, mlp_dim=64),
        iou_head_hidden_dim=32,
    ),
)
