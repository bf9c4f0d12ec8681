# Names the dead-code check (vulture, run by scripts/test) must not report: entry points that
# frameworks reach by name (GraphQL resolvers bound by decorators, record fields read by the
# executor, click commands, SQLAlchemy hooks, Alembic revision variables, the public SDK).
# Regenerate after review: vulture src/travel --min-confidence 60 --make-whitelist
# ruff: noqa
total_bookings  # unused variable (src/travel/analytics/records.py:56)
total_revenue  # unused variable (src/travel/analytics/records.py:57)
revenue_by_currency  # unused variable (src/travel/analytics/records.py:59)
occupancy_rate  # unused variable (src/travel/analytics/records.py:60)
available_nights  # unused variable (src/travel/analytics/records.py:62)
occupancy_from  # unused variable (src/travel/analytics/records.py:63)
occupancy_to  # unused variable (src/travel/analytics/records.py:64)
category  # unused variable (src/travel/analytics/records.py:69)
category_mix  # unused variable (src/travel/analytics/records.py:84)
resolve_overview_stats  # unused function (src/travel/analytics/schema.py:112)
resolve_analytics  # unused function (src/travel/analytics/schema.py:120)
inherit_cache  # unused variable (src/travel/analytics/sql.py:18)
_unsupported  # unused function (src/travel/analytics/sql.py:27)
_sqlite  # unused function (src/travel/analytics/sql.py:32)
_postgresql  # unused function (src/travel/analytics/sql.py:40)
app_for_worker  # unused function (src/travel/app.py:137)
resolve_viewer  # unused function (src/travel/auth/schema.py:74)
entity_type  # unused variable (src/travel/bookings/models.py:82)
entity_id  # unused variable (src/travel/bookings/models.py:83)
resolve_bookings  # unused function (src/travel/bookings/schema.py:111)
resolve_bookings_count  # unused function (src/travel/bookings/schema.py:123)
resolve_booking  # unused function (src/travel/bookings/schema.py:130)
resolve_create_booking  # unused function (src/travel/bookings/schema.py:137)
resolve_cancel_booking  # unused function (src/travel/bookings/schema.py:144)
resolve_target  # unused function (src/travel/bookings/schema.py:151)
resolve_timeline  # unused function (src/travel/bookings/schema.py:156)
resolve_from  # unused function (src/travel/bookings/schema.py:163)
resolve_to  # unused function (src/travel/bookings/schema.py:168)
resolve_actor  # unused function (src/travel/bookings/schema.py:173)
_.price_unit  # unused property (src/travel/catalog/records.py:54)
inherit_cache  # unused variable (src/travel/catalog/repository/search.py:35)
_next_day  # unused function (src/travel/catalog/repository/search.py:38)
_next_day_sqlite  # unused function (src/travel/catalog/repository/search.py:43)
_has_amenity  # unused function (src/travel/catalog/repository/search.py: @compiles)
_has_amenity_sqlite  # unused function (src/travel/catalog/repository/search.py: @compiles)
resolve_providers  # unused function (src/travel/catalog/schema/resolvers.py:43)
resolve_providers_count  # unused function (src/travel/catalog/schema/resolvers.py:55)
resolve_provider  # unused function (src/travel/catalog/schema/resolvers.py:62)
resolve_create_provider  # unused function (src/travel/catalog/schema/resolvers.py:68)
db_upgrade  # unused function (src/travel/cli/admin.py:23)
db_reindex_search  # click command (src/travel/cli/admin.py)
workspace_create  # unused function (src/travel/cli/admin.py:39)
member_add  # unused function (src/travel/cli/admin.py:62)
apikey_create  # unused function (src/travel/cli/admin.py:84)
apikey_revoke  # unused function (src/travel/cli/admin.py:135)
webhook_add  # unused function (src/travel/cli/admin.py:154)
demo_seed  # unused function (src/travel/cli/demo.py:16)
impl  # unused variable (src/travel/db/base.py:26)
cache_ok  # unused variable (src/travel/db/base.py:27)
_.process_bind_param  # unused method (src/travel/db/base.py:29)
_.process_result_value  # unused method (src/travel/db/base.py:36)
type_annotation_map  # unused variable (src/travel/db/base.py:48)
_.isolation_level  # unused attribute (src/travel/db/engine.py:45)
revision  # unused variable (src/travel/db/migrations/versions/0001_initial_schema.py:14)
down_revision  # unused variable (src/travel/db/migrations/versions/0001_initial_schema.py:15)
branch_labels  # unused variable (src/travel/db/migrations/versions/0001_initial_schema.py:16)
depends_on  # unused variable (src/travel/db/migrations/versions/0001_initial_schema.py:17)
downgrade  # unused function (src/travel/db/migrations/versions/0001_initial_schema.py:642)
revision  # unused variable (src/travel/db/migrations/versions/0002_booking_function.py:14)
down_revision  # unused variable (src/travel/db/migrations/versions/0002_booking_function.py:15)
branch_labels  # unused variable (src/travel/db/migrations/versions/0002_booking_function.py:16)
depends_on  # unused variable (src/travel/db/migrations/versions/0002_booking_function.py:17)
downgrade  # unused function (src/travel/db/migrations/versions/0002_booking_function.py:28)
revision  # unused variable (src/travel/db/migrations/versions/0003_demo_workspaces.py:10)
down_revision  # unused variable (src/travel/db/migrations/versions/0003_demo_workspaces.py:11)
branch_labels  # unused variable (src/travel/db/migrations/versions/0003_demo_workspaces.py:12)
depends_on  # unused variable (src/travel/db/migrations/versions/0003_demo_workspaces.py:13)
downgrade  # unused function (src/travel/db/migrations/versions/0003_demo_workspaces.py:23)
resolve_favorites  # unused function (src/travel/favorites/schema.py:45)
resolve_favorites_count  # unused function (src/travel/favorites/schema.py:54)
resolve_toggle_favorite  # unused function (src/travel/favorites/schema.py:60)
resolve_target  # unused function (src/travel/favorites/schema.py:67)
_.coerce_input_value  # unused attribute (src/travel/graphql/binder.py:75)
_.coerce_input_literal  # unused attribute (src/travel/graphql/binder.py:77)
_.enter  # unused method (src/travel/graphql/fastpath/collect.py:37)
_.enter_document  # unused method (src/travel/graphql/limits.py:125)
_.disabled  # unused attribute (src/travel/logs.py:43)
# The live renderers of the SQL a revision freezes: tests/db/test_migrations.py holds them equal to
# the newest revision's text, so that editing them needs a new revision.
create_booking_triggers  # src/travel/analytics/triggers.py
drop_booking_triggers  # src/travel/analytics/triggers.py
create_function  # src/travel/bookings/write/function.py
drop_function  # src/travel/bookings/write/function.py
_.enter_string_value  # graphql-core visitor hook (src/travel/graphql/text.py)
workspace_list  # click command (src/travel/cli/admin.py)
member_list  # click command
member_remove  # click command
apikey_list  # click command
webhook_list  # click command
_.price_per_night  # unused property (src/travel/catalog/records.py:49): read by the executor
TOUR  # unused variable (src/travel/kernel/kinds.py:13): ListingKind members are looked up by value
ACTIVITY  # unused variable (src/travel/kernel/kinds.py:14)
EVENT  # unused variable (src/travel/kernel/kinds.py:15)
TRIP  # unused variable (src/travel/kernel/kinds.py:16)
_.out_name  # read by graphql-core's coercion (src/travel/graphql/inputs.py)
_.out_type  # read by graphql-core's coercion (src/travel/graphql/inputs.py)
# The storage interface limits' strategies call (src/travel/limits/memory.py).
STORAGE_SCHEME  # registered with limits' storage registry
_.base_exceptions  # read by limits' error wrapper
_.incr  # called by FixedWindowRateLimiter.hit
_.get_expiry  # called by FixedWindowRateLimiter.get_window_stats
_srcfile  # logging module switch set in src/travel/logs.py configure (read by logging)
logThreads  # idem
logProcesses  # idem
logMultiprocessing  # idem
tenant_reads  # open_reads as a context manager, for tests (src/travel/db/session.py)
TRIP_AMENITIES  # the search benchmark draws from it, bench/search.py (src/travel/demo/data.py)
resolve_search  # unused function (src/travel/search/schema.py)
resolve_listings  # unused function (src/travel/search/schema.py)
resolve_total  # unused function (src/travel/search/schema.py)
resolve_did_you_mean  # unused function (src/travel/search/schema.py)
resolve_facets  # unused function (src/travel/search/schema.py)
resolve_kinds  # unused function (src/travel/search/schema.py)
resolve_places  # unused function (src/travel/search/schema.py)
resolve_amenities  # unused function (src/travel/search/schema.py)
resolve_ratings  # unused function (src/travel/search/schema.py)
resolve_prices  # unused function (src/travel/search/schema.py)
resolve_suggest  # unused function (src/travel/search/schema.py)
resolve_update_profile  # unused function (src/travel/auth/schema.py)
resolve_guest  # unused function (src/travel/bookings/schema.py)
resolve_update_provider  # unused function (src/travel/catalog/schema/resolvers.py)
