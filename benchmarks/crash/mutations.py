"""Defects written into the clean standalone files (``gen_cases.mut``): exact text replacements.

Each mutation is the kind of edit a user makes by hand (a size changed in the model line, a
layer's width edited, a transpose dropped); torch decides whether it crashes.
"""

# (case name, standalone file, defect class, [(old, new), ...]): each ``old`` must occur
MUTATIONS: list[tuple[str, str, str, list[tuple[str, str]]]] = []


def mut(name: str, base: str, defect: str, *pairs: tuple[str, str]) -> None:
    MUTATIONS.append((name, base, defect, list(pairs)))


NG_ASSERT = ("assert config.n_embd % config.n_head == 0", "pass")
mut(
    "nanogpt__nh5",
    "nanogpt",
    "head_split",
    NG_ASSERT,
    ("n_head=4, n_embd=64", "n_head=5, n_embd=64"),
)
mut(
    "nanogpt__nh6",
    "nanogpt",
    "head_split",
    NG_ASSERT,
    ("n_head=4, n_embd=64", "n_head=6, n_embd=64"),
)
mut(
    "nanogpt__nh8_ok",
    "nanogpt",
    "head_split",
    NG_ASSERT,
    ("n_head=4, n_embd=64", "n_head=8, n_embd=64"),
)
mut(
    "nanogpt__proj_in",
    "nanogpt",
    "linear_in_features",
    ("self.c_proj = nn.Linear(4 * config.n_embd,", "self.c_proj = nn.Linear(2 * config.n_embd,"),
)
mut(
    "nanogpt__mlp_out",
    "nanogpt",
    "residual_width",
    ("nn.Linear(4 * config.n_embd, config.n_embd, bias", "nn.Linear(4 * config.n_embd, 48, bias"),
)
mut(
    "nanogpt__split2",
    "nanogpt",
    "split_sizes",
    (
        "self.c_attn = nn.Linear(config.n_embd, 3 * config.n_embd",
        "self.c_attn = nn.Linear(config.n_embd, 2 * config.n_embd",
    ),
)
mut(
    "nanogpt__mask",
    "nanogpt",
    "attn_mask",
    ("self.bias[:, :, :T, :T] == 0", "self.bias == 0"),
)
mut(
    "nanogpt__ln",
    "nanogpt",
    "norm_shape",
    (
        "ln_f=LayerNorm(config.n_embd, bias=config.bias)",
        "ln_f=LayerNorm(config.n_embd // 2, bias=config.bias)",
    ),
)
mut(
    "nanogpt__kT",
    "nanogpt",
    "transpose_dims",
    ("att = (q @ k.transpose(-2, -1))", "att = (q @ k.transpose(1, 2))"),
)
mut(
    "nanogpt_train_args__head",
    "nanogpt_train_args",
    "linear_in_features",
    ("self.lm_head = nn.Linear(config.n_embd,", "self.lm_head = nn.Linear(config.n_embd + 1,"),
)

mut(
    "llama_meta__kv3",
    "llama_meta",
    "kv_heads",
    ("n_heads=4, n_kv_heads=2", "n_heads=4, n_kv_heads=3"),
)
mut(
    "llama_meta__kv4_ok",
    "llama_meta",
    "kv_heads",
    ("n_heads=4, n_kv_heads=2", "n_heads=4, n_kv_heads=4"),
)
mut(
    "llama_meta__wo",
    "llama_meta",
    "linear_in_features",
    (
        "self.wo = nn.Linear(args.n_heads * self.head_dim,",
        "self.wo = nn.Linear(args.n_kv_heads * self.head_dim,",
    ),
)
mut(
    "llama_meta__scores",
    "llama_meta",
    "matmul",
    ("torch.matmul(xq, keys.transpose(2, 3))", "torch.matmul(xq, keys)"),
)
mut(
    "llama_meta__norm",
    "llama_meta",
    "norm_shape",
    (
        "self.norm = RMSNorm(params.dim, eps=params.norm_eps)",
        "self.norm = nn.LayerNorm(params.dim * 2)",
    ),
)
mut(
    "llama_meta__out",
    "llama_meta",
    "linear_in_features",
    ("self.output = nn.Linear(params.dim,", "self.output = nn.Linear(params.dim // 2,"),
)

mut(
    "mistral_dense__hd",
    "mistral_dense",
    "head_split",
    ("head_dim=16, hidden_dim=128, n_heads=4", "head_dim=12, hidden_dim=128, n_heads=4"),
)
mut(
    "mistral_dense__kv3",
    "mistral_dense",
    "kv_heads",
    ("n_heads=4, n_kv_heads=2", "n_heads=4, n_kv_heads=3"),
)
mut(
    "mixtral_moe__kv3",
    "mixtral_moe",
    "kv_heads",
    ("n_heads=4, n_kv_heads=2", "n_heads=4, n_kv_heads=3"),
)

G2_ASSERT = ("assert n_state % n_head == 0", "pass")
mut(
    "gpt2_conv1d__nh5",
    "gpt2_conv1d",
    "head_split",
    G2_ASSERT,
    ('"n_layer": 2, "n_head": 4', '"n_layer": 2, "n_head": 5'),
)
mut(
    "gpt2_conv1d__nh3",
    "gpt2_conv1d",
    "head_split",
    G2_ASSERT,
    ('"n_layer": 2, "n_head": 4', '"n_layer": 2, "n_head": 3'),
)

mut("olmo_ref__nh5", "olmo_ref", "head_split", ("d_model=64, n_heads=4", "d_model=64, n_heads=5"))
mut(
    "olmo_ref__nh8_ok", "olmo_ref", "head_split", ("d_model=64, n_heads=4", "d_model=64, n_heads=8")
)

mut(
    "deepseek_v3_ref__rope",
    "deepseek_v3_ref",
    "concat_dim",
    (
        "k_pe.unsqueeze(2).expand(-1, -1, self.n_local_heads, -1)], dim=-1)",
        "k_pe.unsqueeze(2).expand(-1, -1, self.n_local_heads, -1)], dim=1)",
    ),
)
mut(
    "deepseek_v3_ref__einsum",
    "deepseek_v3_ref",
    "einsum",
    (
        "qk_nope_head_dim=16, qk_rope_head_dim=8, v_head_dim=16",
        "qk_nope_head_dim=16, qk_rope_head_dim=8, v_head_dim=24",
    ),
)

mut(
    "dinov2_ref__heads",
    "dinov2_ref",
    "head_split",
    ("embed_dim=64, depth=2, num_heads=4,", "embed_dim=64, depth=2, num_heads=5,"),
)
mut(
    "dinov2_ref__pos",
    "dinov2_ref",
    "broadcast_add",
    ("model = vit_tiny_test(img_size=32", "model = vit_tiny_test(img_size=48"),
)

mut(
    "swin_ref__window",
    "swin_ref",
    "reshape_numel",
    ("window_size=4, ape=True", "window_size=3, ape=True"),
)

mut(
    "clip_ref__proj",
    "clip_ref",
    "matmul",
    (
        "return self.ln_post(x[:, 0, :]) @ self.proj",
        "return self.ln_post(x[:, 0, :]) @ self.proj.t()",
    ),
)

mut(
    "whisper_ref__mels",
    "whisper_ref",
    "conv_in_channels",
    ("n_mels=16, n_audio_ctx=32", "n_mels=20, n_audio_ctx=32"),
)
mut(
    "whisper_ref__ctx",
    "whisper_ref",
    "broadcast_add",
    ("n_mels=16, n_audio_ctx=32", "n_mels=16, n_audio_ctx=24"),
)

mut(
    "resnet_cifar__fc",
    "resnet_cifar",
    "flatten_linear",
    ("F.avg_pool2d(out, 4)", "F.avg_pool2d(out, 2)"),
)
mut(
    "resnet_cifar__noflat",
    "resnet_cifar",
    "conv_to_linear",
    ("F.avg_pool2d(out, 4).view(out.size(0), -1)", "F.avg_pool2d(out, 4)"),
)
mut(
    "resnet_cifar_bottleneck__fc",
    "resnet_cifar_bottleneck",
    "flatten_linear",
    ("F.avg_pool2d(out, 4)", "F.avg_pool2d(out, 1)"),
)

mut(
    "unet_classic__cat",
    "unet_classic",
    "conv_in_channels",
    (
        "return self.conv(torch.cat([x2, x1], dim=1))",
        "return self.conv(torch.cat([x2, x1, x1], dim=1))",
    ),
)
mut(
    "unet_classic__chans",
    "unet_classic",
    "conv_in_channels",
    ("model = UNet(n_channels=3", "model = UNet(n_channels=1"),
)

mut(
    "pointnet_ref__view",
    "pointnet_ref",
    "reshape_numel",
    (
        "return (x + iden).view(-1, self.k, self.k)",
        "return (x + iden).view(-1, self.k, self.k + 1)",
    ),
)

mut(
    "vqvae_ref__emb",
    "vqvae_ref",
    "reshape_numel",
    (
        "flat = inputs.view(-1, self._embedding_dim)",
        "flat = inputs.view(-1, self._embedding_dim + 1)",
    ),
)

mut(
    "lstm_word_lm__dec",
    "lstm_word_lm",
    "linear_in_features",
    ("self.decoder = nn.Linear(nhid, ntoken)", "self.decoder = nn.Linear(ninp + 1, ntoken)"),
    ("if nhid != ninp:", "if False:"),
    ("self.decoder.weight = self.encoder.weight", "pass"),
)
mut(
    "gru_word_lm__rnn",
    "gru_word_lm",
    "rnn_input",
    ("getattr(nn, rnn_type)(ninp, nhid", "getattr(nn, rnn_type)(nhid, nhid"),
)

mut(
    "mobilenetv2_ref__fc",
    "mobilenetv2_ref",
    "conv_to_linear",
    ("self.classifier(torch.flatten(x, 1))", "self.classifier(x)"),
)

mut(
    "convnext_ref__in",
    "convnext_ref",
    "conv_in_channels",
    ("(num_classes=10, layer_scale", "(num_classes=10, in_chans=4, layer_scale"),
)

mut(
    "mamba_minimal__split",
    "mamba_minimal",
    "split_sizes",
    (
        "x_and_res.split(split_size=[self.args.d_inner, self.args.d_inner], dim=-1)",
        "x_and_res.split(split_size=[self.args.d_inner, self.args.d_model], dim=-1)",
    ),
)

mut(
    "t5_ref__heads",
    "t5_ref",
    "head_split",
    (
        "d_kv=16, d_ff=128, num_layers=2, num_decoder_layers=3, num_heads=4",
        "d_kv=16, d_ff=128, num_layers=2, num_decoder_layers=3, num_heads=5",
    ),
)

mut(
    "noisy_topk_moe__gate",
    "noisy_topk_moe",
    "broadcast_add",
    ("return (gates.unsqueeze(-1) * outs).sum(1)", "return (gates.unsqueeze(1) * outs).sum(1)"),
)
