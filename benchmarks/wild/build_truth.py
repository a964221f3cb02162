"""Ground truth for the wild-code corpus: build every case in torch and count its parameters.

Each file under ``cases/<library>/`` and ``standalone/`` is run (``runpy``, not as ``__main__``)
with torch's default device set to ``meta``; the module global ``model`` is the model. Its
parameters are counted once per tensor (deduplicated by identity, so tied or shared weights count
once). A file that cannot be built on meta is built again on the CPU; a file that cannot be built
at all, or whose model has uninitialized (lazy) parameters, is dropped with the reason.

One worker process per library directory (cases of one library share its import); the files are
run in a sorted order. ``shim.py`` is installed first: it lets the CUDA builds of torchvision and
torchaudio on PyPI import on a CPU torch (their compiled ops are not needed to build a model).

    python benchmarks/wild/build_truth.py            # writes benchmarks/wild/truth.json
    python benchmarks/wild/build_truth.py --only timm --print
    python benchmarks/wild/build_truth.py --corpus fresh   # the fresh batch: fresh/truth.json
    python benchmarks/wild/build_truth.py --corpus fresh3  # the third batch: fresh3/truth.json
    python benchmarks/wild/build_truth.py --corpus fresh4  # the fourth batch: fresh4/truth.json
    python benchmarks/wild/build_truth.py --corpus fresh5  # the fifth batch: fresh5/truth.json
    python benchmarks/wild/build_truth.py --corpus fresh6  # the sixth batch: fresh6/truth.json
    python benchmarks/wild/build_truth.py --corpus fresh7  # the seventh batch: fresh7/truth.json
    python benchmarks/wild/build_truth.py --corpus fresh8  # the eighth batch: fresh8/truth.json
    python benchmarks/wild/build_truth.py --corpus fresh9  # the ninth batch: fresh9/truth.json
    python benchmarks/wild/build_truth.py --corpus fresh10  # the tenth batch: fresh10/truth.json
    python benchmarks/wild/build_truth.py --corpus fresh11  # the eleventh batch: fresh11/truth.json
    python benchmarks/wild/build_truth.py --corpus fresh12  # the twelfth batch: fresh12/truth.json
    python benchmarks/wild/build_truth.py --corpus fresh13  # the thirteenth batch: fresh13/truth.json
    python benchmarks/wild/build_truth.py --corpus fresh14  # the fourteenth batch: fresh14/truth.json
    python benchmarks/wild/build_truth.py --corpus fresh15  # the fifteenth batch: fresh15/truth.json
    python benchmarks/wild/build_truth.py --corpus fresh16  # the sixteenth batch: fresh16/truth.json
    python benchmarks/wild/build_truth.py --corpus fresh17  # the seventeenth batch: fresh17/truth.json
    python benchmarks/wild/build_truth.py --corpus fresh18  # the eighteenth batch: fresh18/truth.json
    python benchmarks/wild/build_truth.py --corpus fresh19  # the nineteenth batch: fresh19/truth.json
    python benchmarks/wild/build_truth.py --corpus fresh20  # the twentieth batch: fresh20/truth.json
    python benchmarks/wild/build_truth.py --corpus fresh21  # the twenty-first batch: fresh21/truth.json
    python benchmarks/wild/build_truth.py --corpus fresh22  # the twenty-second batch: fresh22/truth.json
    python benchmarks/wild/build_truth.py --corpus fresh23  # the twenty-third batch: fresh23/truth.json
    python benchmarks/wild/build_truth.py --corpus fresh24  # the twenty-fourth batch: fresh24/truth.json
    python benchmarks/wild/build_truth.py --corpus fresh25  # the twenty-fifth batch: fresh25/truth.json
    python benchmarks/wild/build_truth.py --corpus fresh26  # the twenty-sixth batch: fresh26/truth.json
    python benchmarks/wild/build_truth.py --corpus fresh27  # the twenty-seventh batch: fresh27/truth.json
    python benchmarks/wild/build_truth.py --corpus fresh28  # the twenty-eighth batch: fresh28/truth.json
    python benchmarks/wild/build_truth.py --corpus fresh29  # the twenty-ninth batch: fresh29/truth.json
    python benchmarks/wild/build_truth.py --corpus fresh30  # the thirtieth batch: fresh30/truth.json
    python benchmarks/wild/build_truth.py --corpus fresh31  # the thirty-first batch: fresh31/truth.json
    python benchmarks/wild/build_truth.py --corpus fresh32  # the thirty-second batch: fresh32/truth.json
    python benchmarks/wild/build_truth.py --corpus fresh33  # the thirty-third batch: fresh33/truth.json
    python benchmarks/wild/build_truth.py --corpus fresh34  # the thirty-fourth batch: fresh34/truth.json
    python benchmarks/wild/build_truth.py --corpus fresh35  # the thirty-fifth batch: fresh35/truth.json
    python benchmarks/wild/build_truth.py --corpus fresh36  # the thirty-sixth batch: fresh36/truth.json
    python benchmarks/wild/build_truth.py --corpus fresh37  # the thirty-seventh batch: fresh37/truth.json
    python benchmarks/wild/build_truth.py --corpus fresh38  # the thirty-eighth batch: fresh38/truth.json
    python benchmarks/wild/build_truth.py --corpus fresh39  # the thirty-ninth batch: fresh39/truth.json

The fresh batch (``fresh/<library>/<case>.py``, ``fresh/standalone/<case>.py``; docs/wild.md) is a
held-out set written after the corpus was tuned on, in other styles and from other model classes
and libraries; its case names start with ``fresh/`` and every case is held out.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import re
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
TRUTH = HERE / "truth.json"
FRESH = HERE / "fresh"
FRESH3 = HERE / "fresh3"
FRESH4 = HERE / "fresh4"
FRESH5 = HERE / "fresh5"
FRESH6 = HERE / "fresh6"
FRESH7 = HERE / "fresh7"
FRESH8 = HERE / "fresh8"
FRESH9 = HERE / "fresh9"
FRESH10 = HERE / "fresh10"
FRESH11 = HERE / "fresh11"
FRESH12 = HERE / "fresh12"
FRESH13 = HERE / "fresh13"
FRESH14 = HERE / "fresh14"
FRESH15 = HERE / "fresh15"
FRESH16 = HERE / "fresh16"
FRESH17 = HERE / "fresh17"
FRESH18 = HERE / "fresh18"
FRESH19 = HERE / "fresh19"
FRESH20 = HERE / "fresh20"
FRESH21 = HERE / "fresh21"
FRESH22 = HERE / "fresh22"
FRESH23 = HERE / "fresh23"
FRESH24 = HERE / "fresh24"
FRESH25 = HERE / "fresh25"
FRESH26 = HERE / "fresh26"
FRESH27 = HERE / "fresh27"
FRESH28 = HERE / "fresh28"
FRESH29 = HERE / "fresh29"
FRESH30 = HERE / "fresh30"
FRESH31 = HERE / "fresh31"
FRESH32 = HERE / "fresh32"
FRESH33 = HERE / "fresh33"
FRESH34 = HERE / "fresh34"
FRESH35 = HERE / "fresh35"
FRESH36 = HERE / "fresh36"
FRESH37 = HERE / "fresh37"
FRESH38 = HERE / "fresh38"
FRESH39 = HERE / "fresh39"
# corpus -> its truth file
TRUTHS = {
    "main": TRUTH,
    "fresh": FRESH / "truth.json",
    "fresh3": FRESH3 / "truth.json",
    "fresh4": FRESH4 / "truth.json",
    "fresh5": FRESH5 / "truth.json",
    "fresh6": FRESH6 / "truth.json",
    "fresh7": FRESH7 / "truth.json",
    "fresh8": FRESH8 / "truth.json",
    "fresh9": FRESH9 / "truth.json",
    "fresh10": FRESH10 / "truth.json",
    "fresh11": FRESH11 / "truth.json",
    "fresh12": FRESH12 / "truth.json",
    "fresh13": FRESH13 / "truth.json",
    "fresh14": FRESH14 / "truth.json",
    "fresh15": FRESH15 / "truth.json",
    "fresh16": FRESH16 / "truth.json",
    "fresh17": FRESH17 / "truth.json",
    "fresh18": FRESH18 / "truth.json",
    "fresh19": FRESH19 / "truth.json",
    "fresh20": FRESH20 / "truth.json",
    "fresh21": FRESH21 / "truth.json",
    "fresh22": FRESH22 / "truth.json",
    "fresh23": FRESH23 / "truth.json",
    "fresh24": FRESH24 / "truth.json",
    "fresh25": FRESH25 / "truth.json",
    "fresh26": FRESH26 / "truth.json",
    "fresh27": FRESH27 / "truth.json",
    "fresh28": FRESH28 / "truth.json",
    "fresh29": FRESH29 / "truth.json",
    "fresh30": FRESH30 / "truth.json",
    "fresh31": FRESH31 / "truth.json",
    "fresh32": FRESH32 / "truth.json",
    "fresh33": FRESH33 / "truth.json",
    "fresh34": FRESH34 / "truth.json",
    "fresh35": FRESH35 / "truth.json",
    "fresh36": FRESH36 / "truth.json",
    "fresh37": FRESH37 / "truth.json",
    "fresh38": FRESH38 / "truth.json",
    "fresh39": FRESH39 / "truth.json",
}
# the fresh batches: every case held out
FRESH_CORPORA = (
    "fresh",
    "fresh3",
    "fresh4",
    "fresh5",
    "fresh6",
    "fresh7",
    "fresh8",
    "fresh9",
    "fresh10",
    "fresh11",
    "fresh12",
    "fresh13",
    "fresh14",
    "fresh15",
    "fresh16",
    "fresh17",
    "fresh18",
    "fresh19",
    "fresh20",
    "fresh21",
    "fresh22",
    "fresh23",
    "fresh24",
    "fresh25",
    "fresh26",
    "fresh27",
    "fresh28",
    "fresh29",
    "fresh30",
    "fresh31",
    "fresh32",
    "fresh33",
    "fresh34",
    "fresh35",
    "fresh36",
    "fresh37",
    "fresh38",
    "fresh39",
)

# library label (the folder under cases/) -> (import name, distribution name)
LIBRARIES = {
    "timm": ("timm", "timm"),
    "torchvision": ("torchvision", "torchvision"),
    "efficientnet_pytorch": ("efficientnet_pytorch", "efficientnet-pytorch"),
    "segmentation_models_pytorch": ("segmentation_models_pytorch", "segmentation-models-pytorch"),
    "vit_pytorch": ("vit_pytorch", "vit-pytorch"),
    "diffusers": ("diffusers", "diffusers"),
    "x_transformers": ("x_transformers", "x-transformers"),
    "perceiver_pytorch": ("perceiver_pytorch", "perceiver-pytorch"),
    "performer_pytorch": ("performer_pytorch", "performer-pytorch"),
    "conformer": ("conformer", "conformer"),
    "linear_attention_transformer": (
        "linear_attention_transformer",
        "linear-attention-transformer",
    ),
    "reformer_pytorch": ("reformer_pytorch", "reformer-pytorch"),
    "torch_geometric": ("torch_geometric", "torch-geometric"),
    "pytorch_tabnet": ("pytorch_tabnet", "pytorch-tabnet"),
    "rtdl_revisiting_models": ("rtdl_revisiting_models", "rtdl-revisiting-models"),
    "monai": ("monai", "monai"),
    "segment_anything": ("segment_anything", "segment-anything"),
    "mambapy": ("mambapy", "mambapy"),
    "esm": ("esm", "fair-esm"),
    "e3nn": ("e3nn", "e3nn"),
    "tab_transformer_pytorch": ("tab_transformer_pytorch", "tab-transformer-pytorch"),
    "mlp_mixer_pytorch": ("mlp_mixer_pytorch", "mlp-mixer-pytorch"),
    "egnn_pytorch": ("egnn_pytorch", "egnn-pytorch"),
    "zuko": ("zuko", "zuko"),
    "vector_quantize_pytorch": ("vector_quantize_pytorch", "vector-quantize-pytorch"),
    "local_attention": ("local_attention", "local-attention"),
    "g_mlp_pytorch": ("g_mlp_pytorch", "g-mlp-pytorch"),
    "st_moe_pytorch": ("st_moe_pytorch", "st-moe-pytorch"),
    "soft_moe_pytorch": ("soft_moe_pytorch", "soft-moe-pytorch"),
    "nystrom_attention": ("nystrom_attention", "nystrom-attention"),
    "lambda_networks": ("lambda_networks", "lambda-networks"),
    "litgpt": ("litgpt", "litgpt"),
    "open_clip": ("open_clip", "open-clip-torch"),
    "encodec": ("encodec", "encodec"),
    "siren_pytorch": ("siren_pytorch", "siren-pytorch"),
    "transformer_in_transformer": ("transformer_in_transformer", "transformer-in-transformer"),
    "axial_attention": ("axial_attention", "axial-attention"),
    "torchaudio": ("torchaudio", "torchaudio"),
    "standalone": ("torch", "torch"),
    # used only by the fresh batch (fresh/)
    "res_mlp_pytorch": ("res_mlp_pytorch", "res-mlp-pytorch"),
    "coca_pytorch": ("coca_pytorch", "CoCa-pytorch"),
    "bottleneck_transformer_pytorch": (
        "bottleneck_transformer_pytorch",
        "bottleneck-transformer-pytorch",
    ),
    "halonet_pytorch": ("halonet_pytorch", "halonet-pytorch"),
    "timesformer_pytorch": ("timesformer_pytorch", "timesformer-pytorch"),
    "hourglass_transformer_pytorch": (
        "hourglass_transformer_pytorch",
        "hourglass-transformer-pytorch",
    ),
    "mixture_of_experts": ("mixture_of_experts", "mixture-of-experts"),
    "routing_transformer": ("routing_transformer", "routing-transformer"),
    "sinkhorn_transformer": ("sinkhorn_transformer", "sinkhorn-transformer"),
    "megabyte_pytorch": ("MEGABYTE_pytorch", "MEGABYTE-pytorch"),
    "mega_pytorch": ("mega_pytorch", "Mega-pytorch"),
    "rotary_embedding_torch": ("rotary_embedding_torch", "rotary-embedding-torch"),
    "gateloop_transformer": ("gateloop_transformer", "gateloop-transformer"),
    "recurrent_memory_transformer_pytorch": (
        "recurrent_memory_transformer_pytorch",
        "recurrent-memory-transformer-pytorch",
    ),
    "palm_pytorch": ("palm_pytorch", "PaLM-pytorch"),
    # used only by the third fresh batch (fresh3/)
    "deformable_attention": ("deformable_attention", "deformable-attention"),
    "perceiver_ar_pytorch": ("perceiver_ar_pytorch", "perceiver-ar-pytorch"),
    "pytorch_tcn": ("pytorch_tcn", "pytorch-tcn"),
    "geffnet": ("geffnet", "geffnet"),
    "resnest": ("resnest", "resnest"),
    "kornia": ("kornia", "kornia"),
    "segformer_pytorch": ("segformer_pytorch", "segformer-pytorch"),
    "uformer_pytorch": ("uformer_pytorch", "uformer-pytorch"),
    "flash_pytorch": ("flash_pytorch", "FLASH-pytorch"),
    "h_transformer_1d": ("h_transformer_1d", "h-transformer-1d"),
    "long_short_transformer": ("long_short_transformer", "long-short-transformer"),
    "charformer_pytorch": ("charformer_pytorch", "charformer-pytorch"),
    "glom_pytorch": ("glom_pytorch", "glom-pytorch"),
    "invariant_point_attention": ("invariant_point_attention", "invariant-point-attention"),
    "point_transformer_pytorch": ("point_transformer_pytorch", "point-transformer-pytorch"),
    "x_unet": ("x_unet", "x-unet"),
    "torchcrf": ("torchcrf", "pytorch-crf"),
    "nnaudio": ("nnAudio", "nnAudio"),
    "openunmix": ("openunmix", "openunmix"),
    "itransformer": ("iTransformer", "iTransformer"),
    "mmdit": ("mmdit", "mmdit"),
    "compressive_transformer_pytorch": (
        "compressive_transformer_pytorch",
        "compressive-transformer-pytorch",
    ),
    "slot_attention": ("slot_attention", "slot-attention"),
    "a_unet": ("a_unet", "a-unet"),
    "normflows": ("normflows", "normflows"),
    # used only by the fourth fresh batch (fresh4/)
    "pytorchcv": ("pytorchcv", "pytorchcv"),
    "torchdiffeq": ("torchdiffeq", "torchdiffeq"),
    "deepctr_torch": ("deepctr_torch", "deepctr-torch"),
    "snac": ("snac", "snac"),
    "vocos": ("vocos", "vocos"),
    "demucs": ("demucs", "demucs"),
    "torchscale": ("torchscale", "torchscale"),
    "block_recurrent_transformer_pytorch": (
        "block_recurrent_transformer_pytorch",
        "block-recurrent-transformer-pytorch",
    ),
    "byol_pytorch": ("byol_pytorch", "byol-pytorch"),
    "nflows": ("nflows", "nflows"),
    "facenet_pytorch": ("facenet_pytorch", "facenet-pytorch"),
    "pretrainedmodels": ("pretrainedmodels", "pretrainedmodels"),
    "torchseg": ("torchseg", "torchseg"),
    "mingru_pytorch": ("minGRU_pytorch", "minGRU-pytorch"),
    "peer_pytorch": ("PEER_pytorch", "PEER-pytorch"),
    "en_transformer": ("en_transformer", "En-transformer"),
    "graph_transformer_pytorch": ("graph_transformer_pytorch", "graph-transformer-pytorch"),
    "simple_hierarchical_transformer": (
        "simple_hierarchical_transformer",
        "simple-hierarchical-transformer",
    ),
    "taylor_series_linear_attention": (
        "taylor_series_linear_attention",
        "taylor-series-linear-attention",
    ),
    "agent_attention_pytorch": ("agent_attention_pytorch", "agent-attention-pytorch"),
    "memory_efficient_attention_pytorch": (
        "memory_efficient_attention_pytorch",
        "memory-efficient-attention-pytorch",
    ),
    "speechbrain": ("speechbrain", "speechbrain"),
    "linformer": ("linformer", "linformer"),
    "colt5_attention": ("colt5_attention", "colt5-attention"),
    "product_key_memory": ("product_key_memory", "product-key-memory"),
    # used only by the fifth fresh batch (fresh5/; installed in .vendor, see requirements.txt)
    "torchfm": ("torchfm", "torchfm"),
    "torch_rechub": ("torch_rechub", "torch-rechub"),
    "freia": ("FrEIA", "FrEIA"),
    "pyro_ppl": ("pyro", "pyro-ppl"),
    "stable_baselines3": ("stable_baselines3", "stable-baselines3"),
    "skrl": ("skrl", "skrl"),
    "dynamic_network_architectures": (
        "dynamic_network_architectures",
        "dynamic-network-architectures",
    ),
    "unet": ("unet", "unet"),
    "x_clip": ("x_clip", "x-clip"),
    "flamingo_pytorch": ("flamingo_pytorch", "flamingo-pytorch"),
    "ngpt_pytorch": ("nGPT_pytorch", "nGPT-pytorch"),
    "se3_transformer_pytorch": ("se3_transformer_pytorch", "se3-transformer-pytorch"),
    "equiformer_pytorch": ("equiformer_pytorch", "equiformer-pytorch"),
    "hiera": ("hiera", "hiera-transformer"),
    "tabm": ("tabm", "tabm"),
    "rtdl_num_embeddings": ("rtdl_num_embeddings", "rtdl-num-embeddings"),
    "audio_diffusion_pytorch": ("audio_diffusion_pytorch", "audio-diffusion-pytorch"),
    "audio_encoders_pytorch": ("audio_encoders_pytorch", "audio-encoders-pytorch"),
    "asteroid_filterbanks": ("asteroid_filterbanks", "asteroid-filterbanks"),
    "effdet": ("effdet", "effdet"),
    "gluonts": ("gluonts", "gluonts"),
    "mixture_of_attention": ("mixture_of_attention", "mixture-of-attention"),
    "native_sparse_attention_pytorch": (
        "native_sparse_attention_pytorch",
        "native-sparse-attention-pytorch",
    ),
    "peft": ("peft", "peft"),
    # used only by the sixth fresh batch (fresh6/; installed in .vendor, see requirements.txt)
    "sb3_contrib": ("sb3_contrib", "sb3-contrib"),
    "loralib": ("loralib", "loralib"),
    "ema_pytorch": ("ema_pytorch", "ema-pytorch"),
    "denoising_diffusion_pytorch": ("denoising_diffusion_pytorch", "denoising-diffusion-pytorch"),
    "rectified_flow_pytorch": ("rectified_flow_pytorch", "rectified-flow-pytorch"),
    "rin_pytorch": ("rin_pytorch", "rin-pytorch"),
    "rtdl": ("rtdl", "rtdl"),
    "self_attention_cv": ("self_attention_cv", "self-attention-cv"),
    "antialiased_cnns": ("antialiased_cnns", "antialiased-cnns"),
    "lpips": ("lpips", "lpips"),
    "uniformer_pytorch": ("uniformer_pytorch", "uniformer-pytorch"),
    "metnet3_pytorch": ("metnet3_pytorch", "metnet3-pytorch"),
    "pykan": ("kan", "pykan"),
    "flowtorch": ("flowtorch", "flowtorch"),
    "vn_transformer": ("VN_transformer", "VN-transformer"),
    "lie_transformer_pytorch": ("lie_transformer_pytorch", "lie-transformer-pytorch"),
    "tranception_pytorch": ("tranception_pytorch", "tranception-pytorch"),
    "zorro_pytorch": ("zorro_pytorch", "zorro-pytorch"),
    "isab_pytorch": ("isab_pytorch", "isab-pytorch"),
    "triangle_multiplicative_module": (
        "triangle_multiplicative_module",
        "triangle-multiplicative-module",
    ),
    "memformer": ("memformer", "memformer"),
    "feedback_transformer_pytorch": (
        "feedback_transformer_pytorch",
        "feedback-transformer-pytorch",
    ),
    "hamburger_pytorch": ("hamburger_pytorch", "hamburger-pytorch"),
    # used only by the seventh fresh batch (fresh7/; installed in .vendor, see requirements.txt)
    "pytorch_pretrained_vit": ("pytorch_pretrained_vit", "pytorch-pretrained-vit"),
    "etsformer_pytorch": ("etsformer_pytorch", "ETSformer-pytorch"),
    "nbeats_pytorch": ("nbeats_pytorch", "nbeats-pytorch"),
    "electra_pytorch": ("electra_pytorch", "electra-pytorch"),
    "mlm_pytorch": ("mlm_pytorch", "mlm-pytorch"),
    "video_diffusion_pytorch": ("video_diffusion_pytorch", "video-diffusion-pytorch"),
    "make_a_video_pytorch": ("make_a_video_pytorch", "make-a-video-pytorch"),
    "gated_state_spaces_pytorch": ("gated_state_spaces_pytorch", "gated-state-spaces-pytorch"),
    "gsa_pytorch": ("gsa_pytorch", "gsa-pytorch"),
    "tr_rosetta_pytorch": ("tr_rosetta_pytorch", "tr-rosetta-pytorch"),
    "cnn_finetune": ("cnn_finetune", "cnn-finetune"),
    "torchani": ("torchani", "torchani"),
    "omninet_pytorch": ("omninet_pytorch", "omninet-pytorch"),
    "rela_transformer": ("rela_transformer", "rela-transformer"),
    "token_shift_gpt": ("token_shift_gpt", "token-shift-gpt"),
    "muse_maskgit_pytorch": ("muse_maskgit_pytorch", "muse-maskgit-pytorch"),
    "torch_frame": ("torch_frame", "pytorch-frame"),
    "lampe": ("lampe", "lampe"),
    "ponder_transformer": ("ponder_transformer", "ponder-transformer"),
    "memory_transformer_xl": ("memory_transformer_xl", "memory-transformer-xl"),
    # used only by the eighth fresh batch (fresh8/; installed in .vendor, see requirements.txt)
    "autoregressive_diffusion_pytorch": (
        "autoregressive_diffusion_pytorch",
        "autoregressive-diffusion-pytorch",
    ),
    "bidirectional_cross_attention": (
        "bidirectional_cross_attention",
        "bidirectional-cross-attention",
    ),
    "coco_lm_pytorch": ("coco_lm_pytorch", "coco-lm-pytorch"),
    "contrastive_learner": ("contrastive_learner", "contrastive-learner"),
    "cross_transformers_pytorch": ("cross_transformers_pytorch", "cross-transformers-pytorch"),
    "diffwave": ("diffwave", "diffwave"),
    "discrete_key_value_bottleneck_pytorch": (
        "discrete_key_value_bottleneck_pytorch",
        "discrete-key-value-bottleneck-pytorch",
    ),
    "fast_transformer_pytorch": ("fast_transformer_pytorch", "fast-transformer-pytorch"),
    "fastervit": ("fastervit", "fastervit"),
    "frame_averaging_pytorch": ("frame_averaging_pytorch", "frame-averaging-pytorch"),
    "glasflow": ("glasflow", "glasflow"),
    "gpytorch": ("gpytorch", "gpytorch"),
    "infini_transformer_pytorch": ("infini_transformer_pytorch", "infini-transformer-pytorch"),
    "ITTR_pytorch": ("ITTR_pytorch", "ITTR-pytorch"),
    "kronecker_attention_pytorch": ("kronecker_attention_pytorch", "kronecker-attention-pytorch"),
    "med_seg_diff_pytorch": ("med_seg_diff_pytorch", "med-seg-diff-pytorch"),
    "memory_compressed_attention": ("memory_compressed_attention", "memory-compressed-attention"),
    "pixel_level_contrastive_learning": (
        "pixel_level_contrastive_learning",
        "pixel-level-contrastive-learning",
    ),
    "protein_bert_pytorch": ("protein_bert_pytorch", "protein-bert-pytorch"),
    "remixer_pytorch": ("remixer_pytorch", "remixer-pytorch"),
    "s5": ("s5", "s5-pytorch"),
    "torch_ac": ("torch_ac", "torch-ac"),
    "wavegrad": ("wavegrad", "wavegrad"),
    # used only by the ninth fresh batch (fresh9/; installed in .vendor, see requirements.txt)
    "aoa_pytorch": ("aoa_pytorch", "aoa-pytorch"),
    "bit_diffusion": ("bit_diffusion", "bit-diffusion"),
    "coconut_pytorch": ("coconut_pytorch", "coconut-pytorch"),
    "nwt_pytorch": ("nwt_pytorch", "nwt-pytorch"),
    "ring_attention_pytorch": ("ring_attention_pytorch", "ring-attention-pytorch"),
    "torchsr": ("torchsr", "torchsr"),
    "ncps": ("ncps", "ncps"),
    "snntorch": ("snntorch", "snntorch"),
    "spikingjelly": ("spikingjelly", "spikingjelly"),
    "xlstm": ("xlstm", "xlstm"),
    "pythae": ("pythae", "pythae"),
    "lightly": ("lightly", "lightly"),
    "asteroid": ("asteroid", "asteroid"),
    # used only by the tenth fresh batch (fresh10/; installed in .vendor, see requirements.txt)
    "rq_transformer": ("rq_transformer", "RQ-transformer"),
    "stam_pytorch": ("stam_pytorch", "stam-pytorch"),
    "n_grammer_pytorch": ("n_grammer_pytorch", "n-grammer-pytorch"),
    "molecule_attention_transformer": (
        "molecule_attention_transformer",
        "molecule-attention-transformer",
    ),
    "rsl_rl": ("rsl_rl", "rsl-rl-lib"),
    "mammut_pytorch": ("mammut_pytorch", "MaMMUT-pytorch"),
    "geoopt": ("geoopt", "geoopt"),
    "mup": ("mup", "mup"),
    "skorch": ("skorch", "skorch"),
    "lumiere_pytorch": ("lumiere_pytorch", "lumiere-pytorch"),
    "tltorch": ("tltorch", "tensorly-torch"),
    # used only by the eleventh fresh batch (fresh11/; installed in .vendor, see requirements.txt)
    "bayesian_torch": ("bayesian_torch", "bayesian-torch"),
    "blitz": ("blitz", "blitz-bayesian-pytorch"),
    "torchbnn": ("torchbnn", "torchbnn"),
    "complexpytorch": ("complexPyTorch", "complexPyTorch"),
    "torch_pruning": ("torch_pruning", "torch-pruning"),
    "torchsde": ("torchsde", "torchsde"),
    "torchcde": ("torchcde", "torchcde"),
    "cached_conv": ("cached_conv", "cached-conv"),
    "hl_gauss_pytorch": ("hl_gauss_pytorch", "hl-gauss-pytorch"),
    "hippynn": ("hippynn", "hippynn"),
    "deepxde": ("deepxde", "deepxde"),
    # used only by the twelfth fresh batch (fresh12/; installed in .vendor, see requirements.txt)
    "pytorch_metric_learning": ("pytorch_metric_learning", "pytorch-metric-learning"),
    "torchnlp": ("torchnlp", "pytorch-nlp"),
    "pfhedge": ("pfhedge", "pfhedge"),
    "torchdyn": ("torchdyn", "torchdyn"),
    "vgg_pytorch": ("vgg_pytorch", "vgg-pytorch"),
    "resnet_pytorch": ("resnet_pytorch", "resnet-pytorch"),
    "googlenet_pytorch": ("googlenet_pytorch", "googlenet-pytorch"),
    "alexnet_pytorch": ("alexnet_pytorch", "alexnet-pytorch"),
    "torchensemble": ("torchensemble", "torchensemble"),
    "torch_crf": ("TorchCRF", "TorchCRF"),  # not fresh3's torchcrf (pytorch-crf)
    "hypll": ("hypll", "hypll"),
    # used only by the thirteenth fresh batch (fresh13/; installed in .vendor, see requirements.txt)
    "torchhd": ("torchhd", "torch-hd"),
    "iunets": ("iunets", "iunets"),
    "memcnn": ("memcnn", "memcnn"),
    "pina": ("pina", "pina-mathlab"),
    "pytorch_adapt": ("pytorch_adapt", "pytorch-adapt"),
    "pytorch_ood": ("pytorch_ood", "pytorch-ood"),
    "torch_uncertainty": ("torch_uncertainty", "torch-uncertainty"),
    "vformer": ("vformer", "vformer"),
    "torchcfm": ("torchcfm", "torchcfm"),
    "holocron": ("holocron", "pylocron"),
    # used only by the fourteenth fresh batch (fresh14/; installed in .vendor, see requirements.txt)
    "elegantrl": ("elegantrl", "elegantrl"),
    "pygsd": ("torch_geometric_signed_directed", "torch-geometric-signed-directed"),
    "pygod": ("pygod", "pygod"),
    "sinabs": ("sinabs", "sinabs"),
    "mambular": ("mambular", "mambular"),
    "chronos": ("chronos", "chronos-forecasting"),
    "wavenet_vocoder": ("wavenet_vocoder", "wavenet_vocoder"),
    "torchdeq": ("torchdeq", "torchdeq"),
    "torchkbnufft": ("torchkbnufft", "torchkbnufft"),
    "torch_harmonics": ("torch_harmonics", "torch-harmonics"),
    # used only by the fifteenth fresh batch (fresh15/; installed in .vendor, see requirements.txt)
    "e2cnn": ("e2cnn", "e2cnn"),
    "neuralop": ("neuralop", "neuraloperator"),
    "cebra": ("cebra", "cebra"),
    "torchdistill": ("torchdistill", "torchdistill"),
    "score_models": ("score_models", "score_models"),
    "sru": ("sru", "sru"),
    "torchtuples": ("torchtuples", "torchtuples"),
    "momentfm": ("momentfm", "momentfm"),
    "topomodelx": ("topomodelx", "TopoModelX"),
    # used only by the sixteenth fresh batch (fresh16/; installed in .vendor, see requirements.txt)
    "cliffordlayers": ("cliffordlayers", "cliffordlayers"),
    "torchkge": ("torchkge", "torchkge"),
    "ogb": ("ogb", "ogb"),
    "lassonet": ("lassonet", "lassonet"),
    "neurodiffeq": ("neurodiffeq", "neurodiffeq"),
    "norse": ("norse", "norse"),
    "rockpool": ("rockpool", "rockpool"),
    "tft_torch": ("tft_torch", "tft-torch"),
    "palm_rlhf_pytorch": ("palm_rlhf_pytorch", "PaLM-rlhf-pytorch"),
    "linformer_pytorch": ("linformer_pytorch", "linformer-pytorch"),
    # used only by the seventeenth fresh batch (fresh17/; installed in .vendor, see requirements.txt)
    "swin_transformer_pytorch": ("swin_transformer_pytorch", "swin-transformer-pytorch"),
    "geometric_vector_perceptron": ("geometric_vector_perceptron", "geometric-vector-perceptron"),
    "speculative_decoding": ("speculative_decoding", "speculative-decoding"),
    "transfusion_pytorch": ("transfusion_pytorch", "transfusion-pytorch"),
    "gradnorm_pytorch": ("gradnorm_pytorch", "gradnorm-pytorch"),
    "adjacent_attention_network": ("adjacent_attention_network", "adjacent-attention-pytorch"),
    # used only by the eighteenth fresh batch (fresh18/; installed in .vendor, see requirements.txt)
    "light_recurrent_unit_pytorch": (
        "light_recurrent_unit_pytorch",
        "light-recurrent-unit-pytorch",
    ),
    "PoPE_pytorch": ("PoPE_pytorch", "PoPE-pytorch"),
    "hypnettorch": ("hypnettorch", "hypnettorch"),
    "botorch": ("botorch", "botorch"),
    "torch_dct": ("torch_dct", "torch-dct"),
    "torch_struct": ("torch_struct", "torch-struct"),
    # used only by the nineteenth fresh batch (fresh19/; installed in .vendor, see requirements.txt)
    "bert_pytorch": ("bert_pytorch", "bert-pytorch"),
    "complex_valued_transformer": ("complex_valued_transformer", "complex-valued-transformer"),
    "HRM": ("HRM", "hrm-pytorch"),
    "tiny_recursive_model": ("tiny_recursive_model", "tiny-recursive-model"),
    "pyknos": ("pyknos", "pyknos"),
    "deepwave": ("deepwave", "deepwave"),
    "SAC_pytorch": ("SAC_pytorch", "sac-pytorch"),
    "anymal": (
        "anymal_belief_state_encoder_decoder_pytorch",
        "anymal-belief-state-encoder-decoder-pytorch",
    ),
    "torchtsmixer": ("torchtsmixer", "pytorch-tsmixer"),
    "conv_lstm": ("conv_lstm", "conv-lstm"),
    "pytorch_revgrad": ("pytorch_revgrad", "pytorch-revgrad"),
    # used only by the twentieth fresh batch (fresh20/; installed in .vendor, see requirements.txt)
    "rl_games": ("rl_games", "rl-games"),
    "imitation": ("imitation", "imitation"),
    "CALM_pytorch": ("CALM_pytorch", "CALM-pytorch"),
    "titok_pytorch": ("titok_pytorch", "titok-pytorch"),
    # used only by the twenty-first fresh batch (fresh21/; installed in .vendor, see requirements.txt)
    "brevitas": ("brevitas", "brevitas"),
    "entmax": ("entmax", "entmax"),
    "d3rlpy": ("d3rlpy", "d3rlpy"),
    "torch_blue": ("torch_blue", "torch-blue"),
    "torchadf": ("torchadf", "torch-adf"),
    # used only by the twenty-second fresh batch (fresh22/; installed in .vendor, see requirements.txt)
    "opacus": ("opacus", "opacus"),
    "pfrl": ("pfrl", "pfrl"),
    "positional_encodings": ("positional_encodings", "positional-encodings"),
    "gin": ("gin", "gin-config"),
    "yacs": ("yacs", "yacs"),
    "coral_pytorch": ("coral_pytorch", "coral-pytorch"),
    "fft_conv_pytorch": ("fft_conv_pytorch", "fft-conv-pytorch"),
    # used only by the twenty-third fresh batch (fresh23/; installed in .vendor, see requirements.txt)
    "alias_free_torch": ("alias_free_torch", "alias-free-torch"),
    "torchfcpe": ("torchfcpe", "torchfcpe"),
    "pytorch_spiking": ("pytorch_spiking", "pytorch-spiking"),
    "quantizer_pytorch": ("quantizer_pytorch", "quantizer-pytorch"),
    "rpq": ("rpq", "rpq-pytorch"),
    "cjm_yolox_pytorch": ("cjm_yolox_pytorch", "cjm-yolox-pytorch"),
    "spandrel": ("spandrel", "spandrel"),
    # used only by the twenty-fourth fresh batch (fresh24/; installed in .vendor, see requirements.txt)
    "pointnet": ("pointnet", "pointnet"),
    "dasp_pytorch": ("dasp_pytorch", "dasp-pytorch"),
    "pytorch_rdc_net": ("pytorch_rdc_net", "pytorch-rdc-net"),
    "semantics": ("semantics", "semantics-pytorch"),
    "torchcvnn": ("torchcvnn", "torchcvnn"),
    "torchflows": ("torchflows", "torchflows"),
    "compressai": ("compressai", "compressai"),
    "quanto": ("optimum.quanto", "optimum-quanto"),
    # used only by the twenty-fifth fresh batch (fresh25/; installed in .vendor, see requirements.txt)
    "torchgan": ("torchgan", "torchgan"),
    "pesto": ("pesto", "pesto-pitch"),
    "spikingtorch": ("spikingtorch", "spikingtorch"),
    "recpack": ("recpack", "recpack"),
    "fuxictr": ("fuxictr", "fuxictr"),
    "pytorch_forecasting": ("pytorch_forecasting", "pytorch-forecasting"),
    "pytorch_tabular": ("pytorch_tabular", "pytorch-tabular"),
    # used only by the twenty-sixth fresh batch (fresh26/; installed in .vendor, see requirements.txt)
    "umnn": ("UMNN", "umnn"),
    "moshi": ("moshi", "moshi"),
    "bs_roformer": ("bs_roformer", "bs-roformer"),
    "pykeen": ("pykeen", "pykeen"),
    "mace": ("mace", "mace-torch"),
    "torch_pointcloud": ("torch_pointcloud", "torch-pointcloud"),
    "torchao": ("torchao", "torchao"),
    # used only by the twenty-seventh fresh batch (fresh27/; installed in .vendor, see requirements.txt)
    "exact_snn": ("exact_snn", "exact-snn-nn"),
    "enflows": ("enflows", "enflows"),
    "flowcon": ("flowcon", "flowcon"),
    "causalflows": ("causalflows", "causalflows"),
    "e3tools": ("e3tools", "e3tools"),
    "bitorch": ("bitorch", "bitorch"),
    "deeptab": ("deeptab", "deeptab"),
    # used only by the twenty-eighth fresh batch (fresh28/; installed in .vendor, see requirements.txt)
    "minimamba": ("minimamba", "minimamba"),
    "gsmc": ("gsmc_torch", "gsmc-torch"),
    "inkan": ("inkan", "inkan"),
    "vbpr": ("vbpr", "vbpr-pytorch"),
    "mtst": ("mtst", "mtst-forecasting"),
    "supercluster": ("supercluster", "torch-supercluster"),
    "egnlib": ("egn", "egnlib"),
    "kan_hybrid": ("kan_mlp_hybrid", "kan-mlp-hybrid"),
    "wavelet_kan": ("torch_wavelet_kan", "torch-wavelet-kan"),
    "ks_nf4": ("torch_ks_nf4", "torch-ks-nf4"),
    # used only by the twenty-ninth fresh batch (fresh29/; installed in .vendor, see requirements.txt)
    "torchxlstm": ("torchxlstm", "torchxlstm"),
    "liquidnn": ("liquidnn", "liquidnn"),
    "diveq": ("diveq", "diveq"),
    "jet": ("jet_pytorch", "jet-pytorch"),
    "aion": ("aion_torch", "aion-torch"),
    "sngp": ("sngp", "sngp"),
    "unet3d": ("unet3d", "unet3d"),
    "zflows": ("zflows", "zflows"),
    "yaunet": ("yaunet", "yaunet"),
    # used only by the thirtieth fresh batch (fresh30/; installed in .vendor, see requirements.txt)
    "attnres": ("attn_res", "attn-res"),
    "daicon": ("daicon", "daicon"),
    "darkformer": ("darkformer_pytorch", "darkformer-pytorch"),
    "lru": ("LRU_pytorch", "lru-pytorch"),
    "neuralfields": ("neuralfields", "neuralfields"),
    "singlora": ("singlora", "singlora"),
    "stackformers": ("stackformers", "stackformers"),
    "torchresnet": ("torch_resnet", "torch-resnet"),
    "unikan": ("unikan", "unikan"),
    # used only by the thirty-first fresh batch (fresh31/; installed in .vendor, see requirements.txt)
    "channelattn": ("channel_attention", "channel-attention"),
    "contextualconv": ("contextual_conv", "contextual-conv"),
    "easyunet": ("easy_unet", "easy-unet"),
    "floydnet": ("floydnet", "floydnet"),
    "goat": ("goat", "goat-attention"),
    "mixtures": ("pytorch_mixtures", "pytorch-mixtures"),
    "quasimetric": ("quasimetric_attention", "quasimetric-attention"),
    "rlt": ("RLT", "rlt-pytorch"),
    "tfvariants": ("transformer_variants", "transformers-from-scratch"),
    "torchrecurrent": ("torchrecurrent", "torchrecurrent"),
    # used only by the thirty-second fresh batch (fresh32/; installed in .vendor, see requirements.txt)
    "basisconv": ("BasisConvolution", "basisconvolution"),
    "dc1d": ("dc1d", "dc1d"),
    "fftconv": ("torch_fftconv", "torch-fftconv"),
    "hexagdly": ("pytorch_hexagdly", "pytorch-hexagdly"),
    "nnts": ("nnts", "nnts"),
    "simpletf": ("simple_transformer", "simple-transformer"),
    "tdims": ("torch_dimensions", "torch-dimensions"),
    "torchnac": ("torch_nac", "torch-nac"),
    "tracetorch": ("tracetorch", "tracetorch"),
    # used only by the thirty-third fresh batch (fresh33/; installed in .vendor, see requirements.txt)
    "cenn": ("cenn_forecasting", "cenn-forecasting"),
    "nanocodec": ("nanocodec_torch", "nanocodec-torch"),
    "torchtime": ("torchtime", "pytorchtime"),
    "segtorch": ("segment_torch", "segment-torch"),
    "spilsnet": ("spilsnet", "spilsnet-torch"),
    "torchhyper": ("torchhyper", "torchhyper"),
    "zerorl": ("zerorl", "zerorl"),
    # used only by the thirty-fourth fresh batch (fresh34/; installed in .vendor, see requirements.txt)
    "darts": ("darts", "darts"),
    "kangpt": ("kan_gpt", "kan-gpt"),
    # used only by the thirty-fifth fresh batch (fresh35/; installed in .vendor, see requirements.txt)
    "curated": ("curated_transformers", "curated-transformers"),
    "cuequivariance": ("cuequivariance_torch", "cuequivariance-torch"),
    "monaigen": ("generative", "monai-generative"),
    "granitetsfm": ("tsfm_public", "granite-tsfm"),
    "timm3d": ("timm_3d", "timm-3d"),
    "smp3d": ("segmentation_models_pytorch_3d", "segmentation-models-pytorch-3d"),
    "sevenn": ("sevenn", "sevenn"),
    # used only by the thirty-sixth fresh batch (fresh36/; installed in .vendor, see requirements.txt)
    "timesfm": ("timesfm", "timesfm"),
    "orb": ("orb_models", "orb-models"),
    "gfn": ("gfn", "torchgfn"),
    "fastmri": ("fastmri", "fastmri"),
    "mbrl": ("mbrl", "mbrl"),
    "tianshou": ("tianshou", "tianshou"),
    # used only by the thirty-seventh fresh batch (fresh37/; installed in .vendor, see requirements.txt)
    "seqmodels": ("sequence_models", "sequence-models"),
    "pyod": ("pyod", "pyod"),
    "tirex": ("tirex", "tirex-ts"),
    "deepod": ("deepod", "deepod"),
    "acsconv": ("acsconv", "ACSConv"),
    "rlcard": ("rlcard", "rlcard"),
    # used only by the thirty-eighth fresh batch (fresh38/; installed in .vendor, see requirements.txt)
    "pycox": ("pycox", "pycox"),
    "titans": ("titans_pytorch", "titans-pytorch"),
    "recbole": ("recbole", "recbole"),
    "supar": ("supar", "supar"),
    "nhydro": ("neuralhydrology", "neuralhydrology"),
    # used only by the thirty-ninth fresh batch (fresh39/; installed in .vendor, see requirements.txt)
    "labml": ("labml_nn", "labml-nn"),
    "compattn": ("compositional_attention_pytorch", "compositional-attention-pytorch"),
    "torchrl": ("torchrl", "torchrl"),
    "pykt": ("pykt", "pykt-toolkit"),
    "ppbert": ("pytorch_pretrained_bert", "pytorch-pretrained-bert"),
    "bpnet": ("bpnetlite", "bpnet-lite"),
    "sbi": ("sbi", "sbi"),
    "grouped_query_attention": (
        "grouped_query_attention_pytorch",
        "grouped-query-attention-pytorch",
    ),
}


def case_name(path: Path) -> str:
    """``timm/create_resnet18`` for cases/timm/create_resnet18.py, ``standalone/x`` for
    standalone/x.py, ``fresh/timm/x`` for fresh/timm/x.py (the fresh batch)."""
    rel = path.resolve().relative_to(HERE)
    parts = rel.with_suffix("").parts
    return "/".join(parts[1:]) if parts[0] == "cases" else "/".join(parts)


# Blind batches whose held-out fifth was BURNED: opened, run case by case and fixed on, so it is no
# longer a held-out measurement and counts as dev from then on. Session 21 (burnwild21, start commit
# d832d6d): for four sessions the held-out parts of the blind batches stayed at about 10% confidently
# wrong while every dev part was at 0 wrong, so fixing dev wrongs was not removing the held-out ones.
# The lead burned these four parts (53 cases: 44 exact, 5 wrong, 4 unknown at d832d6d; the table is in
# docs/wild.md, "Session 21: the burned held-out parts") to learn which constructs give wrong counts.
# The later batches' held-out parts (fresh19..fresh21 and later) stay unseen. Never add a corpus here to make a figure
# look better: a burned part has no held-out figure any more.
BURNED: dict[str, str] = {
    "fresh11": "session 21 (burnwild21, d832d6d)",
    "fresh12": "session 21 (burnwild21, d832d6d)",
    "fresh13": "session 21 (burnwild21, d832d6d)",
    "fresh14": "session 21 (burnwild21, d832d6d)",
    # Session 22 (burnwild22, start commit 49718da6): the same two confident wrongs (one in fresh15,
    # one in fresh16) stayed in the held-out parts for three sessions; 19 cases: 13 exact, 2 wrong,
    # 4 unknown at 49718da6 (table in docs/wild.md, "Session 22: the burned held-out parts").
    "fresh15": "session 22 (burnwild22, 49718da6)",
    "fresh16": "session 22 (burnwild22, 49718da6)",
    # Session 23 (wildfix23, start commit f6f56763): the lead burned fresh17's and fresh18's held-out
    # parts to fix on them; never examined before, they gave 11 cases, 11 exact, 0 wrong, 0 unknown
    # (fresh17 6/6, fresh18 5/5, full and core alike; docs/wild.md, "Session 23").
    "fresh17": "session 23 (wildfix23, f6f56763)",
    "fresh18": "session 23 (wildfix23, f6f56763)",
    # Session 24 (wildfix24): fresh22's blind first run at main 06cf1800 (full install 35 / 46
    # exact, 1 wrong, 3 tool failures; /work/notes/end24/fresh22_blind.txt, docs/wild.md "Session
    # 24 (wildfix24)") recorded its figure, so the lead burned its held-out part to fix on it.
    "fresh22": "session 24 (wildfix24, 06cf1800)",
    # Session 26 (burn26, start commit bf17cfe3): fresh25's held-out part gave 9 / 11 exact, 1 wrong,
    # 1 unknown at the blind first run (f4d70c23) and the end run (daea2fbe), both installs; the lead
    # burned it to fix the confident wrong (docs/wild.md, "Session 26 (burn26)").
    "fresh25": "session 26 (burn26, bf17cfe3)",
}


# Single held-out cases seen by accident (printed or analysed by a helper while fixing dev cases):
# they count as dev from then on, like a burned part, so that no held-out figure includes a case
# someone has looked at. Nothing was tuned on them.
SEEN: dict[str, str] = {
    # Session 40 (wildfix40b): printed while grepping the batches for ``version_info``
    "fresh31/standalone/version_info_gate": "session 40 (wildfix40b, 924dd5ab)",
    # Session 40 (wildfix40b): analysed once by a helper script's ``ppbert/*.py`` glob
    "fresh39/ppbert/openai_gpt_lm_head_special_tokens": "session 40 (wildfix40b, 924dd5ab)",
}


def hash_held_out(name: str) -> bool:
    """The hash rule alone: ``sha256(name) % 5 == 0``, burned corpora or not."""
    return int(hashlib.sha256(name.encode()).hexdigest(), 16) % 5 == 0


def burned(name: str) -> bool:
    """Whether the case was in a held-out part that has been burned (``BURNED``): it was held out
    by the hash rule, and its corpus's held-out part was opened and fixed on, or the case itself was
    seen (``SEEN``)."""
    return (name.split("/", 1)[0] in BURNED or name in SEEN) and hash_held_out(name)


def held_out(name: str) -> bool:
    """The held-out fifth of the corpus, fixed by a hash of the case name, less the burned parts
    (``BURNED``), which count as dev since they were examined."""
    return hash_held_out(name) and not burned(name)


def corpus_files(corpus: str = "main") -> list[Path]:
    if corpus == "fresh":
        return sorted(FRESH.glob("*/*.py"))
    if corpus in (
        "fresh3",
        "fresh4",
        "fresh5",
        "fresh6",
        "fresh7",
        "fresh8",
        "fresh9",
        "fresh10",
        "fresh11",
        "fresh12",
        "fresh13",
        "fresh14",
        "fresh15",
        "fresh16",
        "fresh17",
        "fresh18",
        "fresh19",
        "fresh20",
        "fresh21",
        "fresh22",
        "fresh23",
        "fresh24",
        "fresh25",
        "fresh26",
        "fresh27",
        "fresh28",
        "fresh29",
        "fresh30",
        "fresh31",
        "fresh32",
        "fresh33",
        "fresh34",
        "fresh35",
        "fresh36",
        "fresh37",
        "fresh38",
        "fresh39",
    ):
        return sorted((HERE / corpus).glob("*/*.py"))
    return sorted((HERE / "cases").glob("*/*.py")) + sorted((HERE / "standalone").glob("*.py"))


def library_of(path: Path) -> str:
    """The library label: the folder the case is in (``standalone`` for standalone files)."""
    return case_name(path).split("/")[-2]


WORKER = r"""
import json, math, runpy, sys, time, traceback, warnings
sys.path.insert(0, sys.argv[1])
sys.path.append(sys.argv[1] + "/.vendor")  # torchvision / torchaudio, installed apart
import shim  # noqa: F401  (torchvision / torchaudio CUDA wheels on a CPU torch)
import torch
warnings.filterwarnings("ignore")


def count(model):
    if not isinstance(model, torch.nn.Module):
        raise TypeError(f"model is {type(model).__name__}, not an nn.Module")
    seen = {}
    for _name, p in model.named_parameters(remove_duplicate=False):
        if isinstance(p, torch.nn.parameter.UninitializedParameter):
            raise TypeError("model has lazy (uninitialized) parameters")
        seen[id(p)] = p
    # math.prod(p.shape), not p.numel(): a Parameter subclass may refuse torch functions in its
    # __torch_function__ (hypll's ManifoldParameter raises on numel); the count is the same
    return sum(math.prod(p.shape) for p in seen.values()), len(seen)


devices = sys.argv[2].split(",")
for path in sys.argv[3:]:
    rec = {"path": path}
    t0 = time.perf_counter()
    for device in devices:
        try:
            torch.manual_seed(0)
            with torch.device(device):
                ns = runpy.run_path(path, run_name="__wild__")
            if "model" not in ns:
                raise KeyError("the file binds no global `model`")
            rec["params"], rec["tensors"] = count(ns["model"])
            rec["built_on"] = device
            break
        except BaseException as e:  # noqa: BLE001  (SystemExit from a script counts too)
            line = traceback.format_exception_only(type(e), e)[-1].strip()
            rec.setdefault("error", {})[device] = line[:300]
    rec["seconds"] = round(time.perf_counter() - t0, 3)
    print(json.dumps(rec), flush=True)
"""


def build(files: list[Path], timeout: int) -> list[dict]:
    """Meta first; a file that fails on meta is built again on the CPU in a fresh process (a
    failed meta build can leave library caches holding meta tensors)."""
    recs = _build(files, timeout, "meta")
    again = [Path(r["path"]) for r in recs if "params" not in r]
    if again:
        print(f"again on the CPU in a fresh process: {len(again)} files", flush=True)
        redo = {r["path"]: r for r in _build(again, timeout, "cpu")}
        for r in recs:
            path = r["path"]
            if path in redo:
                meta_err = r.get("error", {}).get("meta")
                r.clear()
                r.update(redo[path])
                if meta_err:
                    r.setdefault("error", {})["meta"] = meta_err
    return recs


def _build(files: list[Path], timeout: int, devices: str) -> list[dict]:
    out = []
    by_lib: dict[str, list[Path]] = {}
    for f in files:
        by_lib.setdefault(library_of(f), []).append(f)
    for lib, group in by_lib.items():
        t0 = time.perf_counter()
        try:
            r = subprocess.run(
                [sys.executable, "-c", WORKER, str(HERE), devices, *map(str, group)],
                capture_output=True,
                text=True,
                timeout=timeout,
                cwd=ROOT,
            )
            recs = [json.loads(x) for x in r.stdout.splitlines() if x.startswith("{")]
            if len(recs) < len(group):
                tail = (r.stderr.strip().splitlines() or ["no output"])[-1]
                done = {x["path"] for x in recs}
                recs += [
                    {"path": str(f), "error": {devices: f"worker died: {tail[:300]}"}}
                    for f in group
                    if str(f) not in done
                ]
        except subprocess.TimeoutExpired:
            recs = [{"path": str(f), "error": {devices: f"timeout {timeout}s"}} for f in group]
        ok = sum("params" in x for x in recs)
        print(
            f"{lib:32s} {ok:3d}/{len(group):3d} built on {devices}  {time.perf_counter() - t0:6.1f}s",
            flush=True,
        )
        out += recs
    return out


def versions() -> dict[str, str]:
    from importlib.metadata import PackageNotFoundError, distributions, version

    def norm(name: str) -> str:
        # PEP 503: a wheel's metadata may spell `stable_baselines3` for `stable-baselines3`
        return re.sub(r"[-_.]+", "-", name).lower()

    # torchvision, torchaudio and fresh5's libraries live in .vendor (install.sh), off this
    # process's sys.path
    vendor = {
        norm(d.metadata["Name"]): d.version for d in distributions(path=[str(HERE / ".vendor")])
    }
    res = {}
    for lib, (_mod, dist) in LIBRARIES.items():
        try:
            res[lib] = version(dist)
        except PackageNotFoundError:
            res[lib] = vendor.get(norm(dist))
    return res


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--only", help="build one library's cases and print, without writing")
    ap.add_argument(
        "--update", help="comma-separated libraries: rebuild these and merge into truth.json"
    )
    ap.add_argument("--print", action="store_true", help="print each record")
    ap.add_argument("--timeout", type=int, default=900)
    ap.add_argument(
        "--corpus",
        choices=sorted(TRUTHS),
        default="main",
        help="main: cases/ and standalone/ (truth.json); fresh: the fresh batch (fresh/truth.json); "
        "fresh3: the third fresh batch (fresh3/truth.json); fresh4: the fourth (fresh4/truth.json); "
        "fresh5: the fifth (fresh5/truth.json); fresh6: the sixth (fresh6/truth.json); "
        "fresh7: the seventh (fresh7/truth.json); fresh8: the eighth (fresh8/truth.json); "
        "fresh9: the ninth (fresh9/truth.json); fresh10: the tenth (fresh10/truth.json); "
        "fresh11: the eleventh (fresh11/truth.json); fresh12: the twelfth (fresh12/truth.json); "
        "fresh13: the thirteenth (fresh13/truth.json); fresh14: the fourteenth (fresh14/truth.json); "
        "fresh15: the fifteenth (fresh15/truth.json); fresh16: the sixteenth (fresh16/truth.json); fresh17: the seventeenth (fresh17/truth.json); fresh18: the eighteenth (fresh18/truth.json); fresh19: the nineteenth (fresh19/truth.json); fresh20: the twentieth (fresh20/truth.json); fresh21: the twenty-first (fresh21/truth.json); fresh22: the twenty-second (fresh22/truth.json); fresh23: the twenty-third (fresh23/truth.json); fresh24: the twenty-fourth (fresh24/truth.json); fresh25: the twenty-fifth (fresh25/truth.json); fresh26: the twenty-sixth (fresh26/truth.json); fresh27: the twenty-seventh (fresh27/truth.json); fresh28: the twenty-eighth (fresh28/truth.json); fresh29: the twenty-ninth (fresh29/truth.json); fresh30: the thirtieth (fresh30/truth.json); fresh31: the thirty-first (fresh31/truth.json); fresh32: the thirty-second (fresh32/truth.json); fresh33: the thirty-third (fresh33/truth.json); fresh34: the thirty-fourth (fresh34/truth.json); fresh35: the thirty-fifth (fresh35/truth.json); fresh36: the thirty-sixth (fresh36/truth.json); fresh37: the thirty-seventh (fresh37/truth.json); fresh38: the thirty-eighth (fresh38/truth.json); fresh39: the thirty-ninth (fresh39/truth.json)",
    )
    args = ap.parse_args(argv)
    truth_path = TRUTHS[args.corpus]
    files = corpus_files(args.corpus)
    if args.only:
        files = [f for f in files if library_of(f) == args.only]
    if args.update:
        files = [f for f in files if library_of(f) in args.update.split(",")]
    recs = build(files, args.timeout)
    vers = versions()
    cases, dropped = {}, []
    if args.update:
        old = json.loads(truth_path.read_text())
        redo = set(args.update.split(","))
        cases = {k: v for k, v in old["cases"].items() if v["library"] not in redo}
        dropped = [d for d in old["dropped"] if d["case"].split("/")[-2] not in redo]
    for r in recs:
        path = Path(r["path"])
        name = case_name(path)
        lib = library_of(path)
        if args.print:
            print(json.dumps(r))
        if "params" not in r:
            reason = "; ".join(f"{k}: {v}" for k, v in r["error"].items())
            dropped.append({"case": name, "reason": reason})
            continue
        cases[name] = {
            "path": str(path.relative_to(ROOT)),
            "library": lib,
            "distribution": LIBRARIES[lib][1],
            "version": vers.get(lib),
            "params_total": r["params"],
            "tensors": r["tensors"],
            "built_on": r["built_on"],
            "meta_error": r.get("error", {}).get("meta"),
            "held_out": True if args.corpus in FRESH_CORPORA else held_out(name),
        }
    if args.only:
        print(json.dumps({"cases": cases, "dropped": dropped}, indent=1))
        return 0
    import torch

    doc = {
        "how": (
            "runpy.run_path(file, run_name='__wild__') with torch.device('meta') as the default "
            "device (CPU where meta fails); the file's global `model`; parameters counted once per "
            "tensor (identity)"
        ),
        "torch": torch.__version__,
        "python": sys.version.split()[0],
        "held_out_rule": (
            "every case (the fresh batch, written after the corpus was tuned on)"
            if args.corpus in FRESH_CORPORA
            else "int(sha256(case name).hexdigest(), 16) % 5 == 0"
        ),
        "cases": dict(sorted(cases.items())),
        "dropped": sorted(dropped, key=lambda d: d["case"]),
    }
    truth_path.write_text(json.dumps(doc, indent=1) + "\n")
    libs = {c["library"] for c in cases.values()}
    print(
        f"truth: {len(cases)} cases in {len(libs)} libraries "
        f"({sum(c['held_out'] for c in cases.values())} held out), {len(dropped)} dropped"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
