import type { ColumnType, Generated, Insertable, Selectable, Updateable } from "kysely";

// TypeScript mirror of supabase/migrations: SQL is the contract.
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type RequiredTimestamp = ColumnType<Date, Date | string, Date | string>;
/** `date` columns travel as 'YYYY-MM-DD' strings (a parser is registered for them). */
type DateOnly = ColumnType<string, string, string>;

export type PostStatus = "draft" | "scheduled" | "published";
export type InquiryStatus = "new" | "in-progress" | "closed";
export type ReviewStore = "Lindsey" | "BlueWater";

export interface CategoriesTable {
  id: Generated<string>;
  name: string;
  slug: string;
  created_at: Timestamp;
}
export type TagsTable = CategoriesTable;

export interface PostsTable {
  id: Generated<string>;
  title: string;
  slug: string;
  excerpt: string | null;
  content: ColumnType<string, string | undefined, string>;
  hero_image_url: string | null;
  hero_image_key: string | null;
  og_image_url: string | null;
  author: ColumnType<string, string | undefined, string>;
  status: ColumnType<PostStatus, PostStatus | undefined, PostStatus>;
  published_at: Date | null;
  meta_title: string | null;
  meta_description: string | null;
  read_minutes: ColumnType<number, number | undefined, number>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface PostCategoriesTable {
  post_id: string;
  category_id: string;
}
export interface PostTagsTable {
  post_id: string;
  tag_id: string;
}

export interface BrandsTable {
  id: Generated<string>;
  name: string;
  logo_url: string;
  logo_key: string | null;
  site_url: string | null;
  is_featured: ColumnType<boolean, boolean | undefined, boolean>;
  sort_order: ColumnType<number, number | undefined, number>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface DealsSlidesTable {
  id: Generated<string>;
  title: string;
  description: string | null;
  image_url: string | null;
  image_key: string | null;
  start_date: DateOnly | null;
  end_date: DateOnly | null;
  is_active: ColumnType<boolean, boolean | undefined, boolean>;
  sort_order: ColumnType<number, number | undefined, number>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface ReviewsTable {
  id: Generated<string>;
  store: ReviewStore;
  author: string;
  source: string;
  rating: number;
  quote: string;
  review_date: DateOnly;
  is_sample: ColumnType<boolean, boolean | undefined, boolean>;
  created_at: Timestamp;
}

export interface JobApplicationsTable {
  id: Generated<string>;
  full_name: string;
  email: string;
  phone: string;
  position: string;
  availability: string;
  how_did_you_hear: string | null;
  resume_key: string | null;
  resume_file_name: string | null;
  resume_content_type: string | null;
  resume_size_bytes: number | null;
  created_at: Timestamp;
}

export interface ContactInquiriesTable {
  id: Generated<string>;
  name: string;
  email: string;
  phone: string | null;
  topic: string;
  message: string;
  status: ColumnType<InquiryStatus, InquiryStatus | undefined, InquiryStatus>;
  created_at: Timestamp;
}

export interface UsersTable {
  id: Generated<string>;
  email: string;
  password_hash: string;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface UserRolesTable {
  user_id: string;
  role: string;
  created_at: Timestamp;
}

export interface SessionsTable {
  id_hash: string;
  user_id: string;
  created_at: Timestamp;
  last_seen_at: Timestamp;
  expires_at: RequiredTimestamp;
  user_agent: string | null;
  ip: string | null;
}

export interface PasswordResetTokensTable {
  id: Generated<string>;
  user_id: string;
  token_hash: string;
  expires_at: RequiredTimestamp;
  used_at: Date | null;
  created_at: Timestamp;
}

export interface RateLimitsTable {
  key: string;
  window_start: RequiredTimestamp;
  hits: ColumnType<number, number | undefined, number>;
}

export interface Database {
  categories: CategoriesTable;
  tags: TagsTable;
  posts: PostsTable;
  post_categories: PostCategoriesTable;
  post_tags: PostTagsTable;
  brands: BrandsTable;
  deals_slides: DealsSlidesTable;
  reviews: ReviewsTable;
  job_applications: JobApplicationsTable;
  contact_inquiries: ContactInquiriesTable;
  users: UsersTable;
  user_roles: UserRolesTable;
  sessions: SessionsTable;
  password_reset_tokens: PasswordResetTokensTable;
  rate_limits: RateLimitsTable;
}

export type Post = Selectable<PostsTable>;
export type NewPost = Insertable<PostsTable>;
export type PostUpdate = Updateable<PostsTable>;
export type Brand = Selectable<BrandsTable>;
export type DealSlide = Selectable<DealsSlidesTable>;
export type Review = Selectable<ReviewsTable>;
export type Category = Selectable<CategoriesTable>;
export type Tag = Selectable<TagsTable>;
export type JobApplication = Selectable<JobApplicationsTable>;
export type ContactInquiry = Selectable<ContactInquiriesTable>;
export type User = Selectable<UsersTable>;
