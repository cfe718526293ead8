"""Pydantic models of the data; the only definition of what a valid entry is."""

from gpulist.models.book import BookIndex, IndexTerm, SectionRef
from gpulist.models.census import CENSUS_AREAS, CensusList, CensusWork
from gpulist.models.cited import DATE_KINDS, CitedFigure, CitedFile, CitedSource
from gpulist.models.concept import (
    AREA_TITLES, AREAS, CHECK_FIELD_ORDER, CONCEPT_FIELD_ORDER, MAX_START, PLATFORMS, PROBLEM_FIELD_ORDER, Area, CheckQuestion,
    Concept, GradedProblem,
)
from gpulist.models.fields import ID_PATTERN
from gpulist.models.gpu import DENSE_TYPES, NUMBER_FIELDS, SPARSE_TYPES, Gpu, GpuFile, GpuSource, ModelShape
from gpulist.models.lab import Lab, LabFile, script_of
from gpulist.models.counter import CounterFile, CounterInfo
from gpulist.models.measurement import METRIC_UNITS, SCALES, X_UNITS, Y_UNITS, Measurement, Series
from gpulist.models.measurement_v2 import LabModel, MeasurementV2, PointV2, SeriesV2
from gpulist.models.path import MAX_STEPS, PathStep, ReadingPath
from gpulist.models.practice import PracticeFile, PracticeProblem, formula_names
from gpulist.models.repo import RepoHealth, RepoHealthFile
from gpulist.models.resource import (
    ACCESSES, CURATOR_FIELDS, EFFORT_BANDS, EFFORT_OPTIONAL, EFFORTS, FIELD_ORDER, RESOURCE_TYPES, Link, Resource, ResourceType,
)
from gpulist.models.style import Style
from gpulist.models.vendor import (
    METRIC_FIELD_ORDER, PROFILER_TITLES, PROFILER_VENDOR, PROFILERS, VENDOR_TERM_FIELD_ORDER, VENDOR_TITLES, VENDORS,
    ProfilerMetric, VendorTerm,
)
from gpulist.models.topic import Group, Tier, Topic
from gpulist.models.watch import SOURCE_KINDS, ArxivQuery, SourceKind, WatchSource

__all__ = [
    "CENSUS_AREAS", "CensusList", "CensusWork",
    "DATE_KINDS", "CitedFigure", "CitedFile", "CitedSource",
    "BookIndex", "IndexTerm", "MAX_STEPS", "PathStep", "ReadingPath", "RepoHealth", "RepoHealthFile", "SectionRef", "FIELD_ORDER", "ID_PATTERN", "RESOURCE_TYPES", "Group", "Link", "Resource", "ResourceType", "Concept", "CONCEPT_FIELD_ORDER", "MAX_START", "AREAS", "Area",
    "AREA_TITLES", "CHECK_FIELD_ORDER", "PLATFORMS", "PROBLEM_FIELD_ORDER", "CheckQuestion", "GradedProblem",
    "ACCESSES", "CURATOR_FIELDS", "EFFORT_BANDS", "EFFORT_OPTIONAL", "EFFORTS",
    "Style", "Tier", "Topic", "ArxivQuery", "SOURCE_KINDS", "SourceKind", "WatchSource",
    "Lab", "LabFile", "script_of", "PracticeFile", "PracticeProblem", "formula_names", "CounterFile", "CounterInfo",
    "LabModel", "MeasurementV2", "PointV2", "SeriesV2", "METRIC_UNITS", "SCALES", "X_UNITS", "Y_UNITS", "Measurement", "Series",
    "DENSE_TYPES", "NUMBER_FIELDS", "SPARSE_TYPES", "Gpu", "GpuFile", "GpuSource", "ModelShape",
    "METRIC_FIELD_ORDER", "PROFILER_TITLES", "PROFILER_VENDOR", "PROFILERS", "VENDOR_TERM_FIELD_ORDER", "VENDOR_TITLES",
    "VENDORS", "ProfilerMetric", "VendorTerm",
]
