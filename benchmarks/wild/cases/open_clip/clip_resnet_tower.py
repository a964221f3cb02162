"""open_clip: clip_resnet_tower (wild-code corpus, benchmarks/wild)."""

from open_clip.model import CLIP, CLIPTextCfg, CLIPVisionCfg

model = CLIP(
    embed_dim=64,
    vision_cfg=CLIPVisionCfg(layers=(1, 1, 1, 1), width=16, image_size=64),
    text_cfg=CLIPTextCfg(context_length=16, vocab_size=100, width=64, heads=4, layers=1),
)
